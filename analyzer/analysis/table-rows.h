/* SPDX-License-Identifier: GPL-2.0 */
/*
 * table-rows.h — the special-section entries per function (table-rows.c):
 * table_rows_build() needs only the objects, so it may run beside the
 * calls and the copies; table_rows_copies() after copies.h, whose copies
 * it counts.
 */
#ifndef ASMSCAN_TABLE_ROWS_H
#define ASMSCAN_TABLE_ROWS_H

#include "report.h"

void table_rows_build(struct report *rep);
void table_rows_copies(struct report *rep);

#endif /* ASMSCAN_TABLE_ROWS_H */
