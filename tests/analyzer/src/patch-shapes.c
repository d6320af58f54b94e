// SPDX-License-Identifier: GPL-2.0
/*
 * patch-shapes.c — uses every shape of patch-shapes.h (not inlined away:
 * each wrapper is called so its statements are compiled).
 */
#include "patch-shapes.h"

int shapes_all(int *a, int *b)
{
	shape_gnu(a);
	shape_named(a, 3);
	SHAPE_TWO_GOTO(a, set);
	SHAPE_BOTH(a, b);
	shape_basic();
	shape_string(b);
	if (shape_label(b))
		return 2;
	return 0;
set:
	return 1;
}
