/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fragment.h — the parts of one function that GCC emits under symbols of
 * their own, tied to the function they belong to.
 *
 * Two kinds, both STT_FUNC symbols:
 *   NAME.cold, NAME.cold.N   the cold blocks of NAME
 *                            (-freorder-blocks-and-partition), in
 *                            .text.unlikely: NAME's own DWARF DIE covers
 *                            them as a second range of DW_AT_ranges;
 *   NAME.part.N              the body ipa-split took out of NAME: NAME
 *                            keeps its head and calls it, and callers
 *                            that inline NAME's head call it too.
 * A fragment is not a function of its own: its table entries and the
 * calls it makes are its function's, jumps between a function and its
 * fragments are no tail calls, and it is neither an out-of-line copy nor
 * a clone (copies.c).  Calls to a .part from elsewhere stay calls to it.
 *
 * Who owns a fragment: DWARF says it first (dwarf-visit.c: the other
 * ranges of a function's DIE start its .cold parts), whatever order the
 * linker put them in (7.x links .text.unlikely ahead of .text).  Where
 * DWARF does not say, the name does: NAME in the same object with the
 * fragment's STT_FILE (a local) or, failing that, the one global NAME.
 * A .part.N whose NAME has no body of its own (inlined everywhere) is the
 * only out-of-line body of NAME and belongs to nothing: it stays a
 * function.  Chains resolve to their root (NAME.part.0.cold belongs to
 * NAME when NAME.part.0 does).
 */
#ifndef ASMSCAN_FRAGMENT_H
#define ASMSCAN_FRAGMENT_H

#include <stddef.h>

#include "object.h"

enum fragment_kind {
	FRAGMENT_NONE,
	FRAGMENT_COLD,
	FRAGMENT_PART,
};

/* The fragment kind of a symbol name; *base_len: its function's name length. */
enum fragment_kind fragment_name(const char *name, size_t *base_len);

/*
 * Tie o's fragments to their functions (obj_func.fragment_of, the root
 * function) where DWARF has not, then move what belongs to the function:
 * the fragments' instruction counts (obj_func.frag_insns: a function
 * with a cold part is not tiny), and the calls they make (o->calls' caller); jumps between a
 * function and its own fragments stop being tail calls.  After DWARF and
 * decoding, before the tables are read.
 */
void fragments_link(struct object *o);

/* The function fi belongs to: itself, or the root of its fragment chain. */
static inline uint32_t object_func_owner(const struct object *o, uint32_t fi)
{
	return fi != OBJ_NONE && o->funcs[fi].fragment_of != OBJ_NONE ?
		o->funcs[fi].fragment_of : fi;
}

#endif /* ASMSCAN_FRAGMENT_H */
