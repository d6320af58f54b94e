/* SPDX-License-Identifier: GPL-2.0 */
/*
 * calls-tally.h — the direct calls of each object counted by callee as
 * the object is reported (calls-tally.c), for calls.c to rank once every
 * input is read.
 *
 * Counting object by object, in input order, is what lets the count
 * overlap the reading of later inputs: a caller is one function of one
 * object, so the distinct callers of a callee are the sum over objects of
 * its distinct callers in each.  A call to an undefined symbol reaches
 * the first global function of that name in input order; one that no
 * input read so far defines waits for the end (a module calling the
 * export of a module after it).
 */
#ifndef ASMSCAN_CALLS_TALLY_H
#define ASMSCAN_CALLS_TALLY_H

#include "report.h"
#include "sort.h"

/* A call no function of any input starts at: an address or a name. */
enum ckey_kind {
	CKEY_FUNC,
	CKEY_ADDR,
	CKEY_EXTERN,
};

struct ckey {
	enum ckey_kind kind;
	uint32_t obj;
	uint64_t id;			/* flat address (CKEY_ADDR) */
	const char *ext;		/* the name (CKEY_EXTERN) */
	uint32_t caller_obj, caller;	/* caller OBJ_NONE: outside functions */
	bool tail;
};

/* The calls to one function, over the objects counted so far. */
struct callee_count {
	uint32_t sites, tails, callers;
};

struct calls_tally {
	size_t nobjs;			/* counted: report's objs[0..nobjs) */
	size_t max_objs;
	struct callee_count **counts;	/* max_objs; an object's nfuncs or NULL */
	struct ckey *others;		/* to addresses and unknown names */
	size_t nothers, others_cap;
	struct strmap noreturn;		/* DW_AT_noreturn names of every object */
	/* private to calls-tally.c */
	struct ckey *waiting;		/* to names no earlier input defines */
	size_t nwaiting, waiting_cap;
	struct strmap globals;		/* first definition, objs[0..covered) */
	size_t covered;
	struct extern_slot *memo;
	size_t memo_cap;
	uint32_t memo_gen;
	struct sort_pair *keys;
	size_t keys_cap;
};

/* A tally for up to max_objs objects. */
struct calls_tally *calls_tally_new(size_t max_objs);

/* Count rep->objs[oi]'s calls: oi is rep->nobjs - 1, in input order. */
void calls_tally_object(struct calls_tally *t, const struct report *rep,
			size_t oi);

/* Every input read: the waiting calls resolved and counted. */
void calls_tally_finish(struct calls_tally *t, const struct report *rep);

void calls_tally_free(struct calls_tally *t);

#endif /* ASMSCAN_CALLS_TALLY_H */
