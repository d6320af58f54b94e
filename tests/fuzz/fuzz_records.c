// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for asmscan's reader of the plugin's embedded records
 * (analyzer/records.c and its JSON reader): the input is the bytes of one
 * .comment section.  Besides "no crash, no out-of-bounds read" (ASan) it
 * checks what must hold for any input: reading the same bytes again as a
 * second file is accepted or refused alike, and adds no unit, statement,
 * site or edge (strings are keyed by the id of their text), and a refused
 * file keeps nothing.
 */
#include <stdint.h>
#include <stdlib.h>

#include "records.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct records r = { 0 };
	struct asmscan_msgs msgs = { 0 };
	size_t units, stmts, sites, edges;
	bool ok;

	ok = records_read(&r, "first", data, size, &msgs);
	units = r.nunits;
	stmts = r.nstmts;
	sites = r.nsites;
	edges = r.nedges;
	if (!ok && (units || stmts || sites || edges))
		abort();			/* a refused file kept records */
	if (records_read(&r, "second", data, size, &msgs) != ok)
		abort();			/* the same bytes judged otherwise */
	if (r.nunits != units || r.nstmts != stmts || r.nsites != sites ||
	    r.nedges != edges)
		abort();			/* the same strings counted twice */
	records_free(&r);
	asmscan_msgs_free(&msgs);
	return 0;
}
