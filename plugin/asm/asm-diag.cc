// SPDX-License-Identifier: GPL-2.0
/*
 * asm-diag.cc — the diagnostic for a flagged asm site, through GCC's
 * diagnostic API so that -Werror, -fdiagnostics-format=json,
 * -fdiagnostics-generate-patch and macro expansion traces ("in expansion
 * of macro 'put_user_goto'") all work.
 *
 * diag=note uses inform(): a note can never fail a CONFIG_WERROR kernel
 * build.  diag=warning uses warning_at() with no option: a GCC 12 plugin
 * cannot add a -W flag of its own, so -Werror always promotes it.
 *
 * Sites are collected while the pass runs and reported at the end of the
 * unit, one diagnostic each, at the first statement's location.  When the
 * keyword is spelled right there (not in a macro) the diagnostic carries a
 * fix-it hint turning it into the kernel's asm_inline.
 */
#include "asm-diag.h"
#include "asm-fixit.h"
#include "site-list.h"

static uint64_t asm_diag_site_hash(const char *file, unsigned line)
{
	uint64_t h = asmtpl_fnv1a(ASMTPL_FNV_OFFSET, file,
				       strlen(file));

	return asmtpl_fnv1a(h, &line, sizeof(line));
}

/* The slot of (file, line): its site's, or the empty one it would take. */
static size_t *asm_diag_slot(struct asm_sites *s, const char *file,
			     unsigned line)
{
	size_t mask = s->nslots - 1;
	size_t i = (size_t)asm_diag_site_hash(file, line) & mask;

	for (;; i = (i + 1) & mask) {
		size_t idx = s->slots[i];

		if (!idx)
			return &s->slots[i];
		if (s->v[idx - 1].line == line &&
		    !strcmp(s->v[idx - 1].file, file))
			return &s->slots[i];
	}
}

static void asm_diag_grow(struct asm_sites *s)
{
	size_t old = s->nslots;
	size_t *slots = s->slots;

	s->nslots = old ? 2 * old : 64;
	s->slots = XCNEWVEC(size_t, s->nslots);
	for (size_t i = 0; i < old; i++) {
		if (slots[i]) {
			struct asm_site *site = &s->v[slots[i] - 1];

			*asm_diag_slot(s, site->file, site->line) = slots[i];
		}
	}
	free(slots);
}

void asm_diag_collect(struct asm_sites *s, location_t loc,
		      const struct asm_record *rec)
{
	char sections[ASMTPL_MAX_SECTIONS * (ASMTPL_SECTION_NAME_MAX + 2) + 8];
	unsigned est = rec->tpl_res.est_insns;
	struct asm_site *site;
	size_t *slot;

	if (2 * (s->n + 1) >= s->nslots)
		asm_diag_grow(s);
	slot = asm_diag_slot(s, rec->spelling_file, rec->spelling_line);
	if (*slot) {
		site = &s->v[*slot - 1];
		site->expansions++;
		site->gcc_min = MIN(site->gcc_min, rec->gcc_count);
		site->gcc_max = MAX(site->gcc_max, rec->gcc_count);
		site->est_min = MIN(site->est_min, est);
		site->est_max = MAX(site->est_max, est);
		return;
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->v = XRESIZEVEC(struct asm_site, s->v, s->cap);
	}
	site = &s->v[s->n++];
	*slot = s->n;
	asm_record_sections_text(rec, sections, sizeof(sections));
	site->file = xstrdup(rec->spelling_file);
	site->line = rec->spelling_line;
	site->loc = loc;
	site->function = xstrdup(rec->function);
	site->sections = xstrdup(sections);
	site->gcc_first = site->gcc_min = site->gcc_max = rec->gcc_count;
	site->est_first = site->est_min = site->est_max = est;
	site->expansions = 1;
	site->applied = rec->applied;
}

/*
 * The macro whose expansion produced the asm keyword (the innermost one:
 * the macro whose definition spells it), or NULL.
 */
static const char *asm_diag_macro(location_t loc)
{
	const line_map *map;

	if (!from_macro_expansion_at(loc))
		return NULL;
	map = linemap_lookup(line_table, loc);
	if (!map || !linemap_macro_expansion_map_p(map))
		return NULL;
	return linemap_map_get_macro_name(linemap_check_macro(map));
}

/*
 * " (42 expansions in this translation unit)", with the range of each
 * count that differs between them (a macro argument can change the
 * template): ", charged 5 to 7".
 */
static void asm_diag_suffix(const struct asm_site *site, char *buf, size_t size)
{
	size_t used;

	buf[0] = '\0';
	if (site->expansions < 2)
		return;
	used = (size_t)snprintf(buf, size,
				" (%lu expansions in this translation unit",
				site->expansions);
	if (site->gcc_min != site->gcc_max && used < size)
		used += (size_t)snprintf(buf + used, size - used,
					 ", charged %u to %u", site->gcc_min,
					 site->gcc_max);
	if (site->est_min != site->est_max && used < size)
		used += (size_t)snprintf(buf + used, size - used,
					 ", emitting %u to %u", site->est_min,
					 site->est_max);
	if (used < size)
		snprintf(buf + used, size - used, ")");
}

/*
 * Both arms of each choice are literals, so GCC still checks the formats:
 * the function, the macro (when there is one), the two counts, the
 * sections and the expansion count.
 */
#define ASM_DIAG_TAIL_APPLY "; treated as %<asm inline%> (mode=apply)%s"
#define ASM_DIAG_TAIL_WARN "; consider %<asm_inline%>%s"
#define ASM_DIAG_FMT(macro, applied)                                           \
	((macro) ? ((applied) ? G_("%<asm%> in %qs from macro %qs is charged %u instructions by the inliner but emits %u%s%s" ASM_DIAG_TAIL_APPLY) \
			      : G_("%<asm%> in %qs from macro %qs is charged %u instructions by the inliner but emits %u%s%s" ASM_DIAG_TAIL_WARN)) \
		 : ((applied) ? G_("%<asm%> in %qs%s is charged %u instructions by the inliner but emits %u%s%s" ASM_DIAG_TAIL_APPLY) \
			      : G_("%<asm%> in %qs%s is charged %u instructions by the inliner but emits %u%s%s" ASM_DIAG_TAIL_WARN)))

static void asm_diag_emit_site(const struct asminline_plugin *pl,
			       const struct asm_site *site)
{
	rich_location richloc(line_table, site->loc);
	const char *macro = asm_diag_macro(site->loc);
	const char *sep = site->sections[0] ? "; sections: " : "";
	char suffix[160];

	asm_diag_suffix(site, suffix, sizeof(suffix));
	/* Only where the keyword itself is in the file: never in a macro. */
	if (!macro)
		asm_fixit_add(&richloc, site->loc);

	if (pl->opts.diag == ASMINLINE_DIAG_WARNING)
		warning_at(&richloc, 0, ASM_DIAG_FMT(macro, site->applied),
			   site->function, macro ? macro : "", site->gcc_first,
			   site->est_first, sep, site->sections, suffix);
	else
		inform(&richloc, ASM_DIAG_FMT(macro, site->applied),
		       site->function, macro ? macro : "", site->gcc_first,
		       site->est_first, sep, site->sections, suffix);
}

static void asm_diag_free(struct asm_sites *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->v[i].file);
		free(s->v[i].function);
		free(s->v[i].sections);
	}
	free(s->v);
	free(s->slots);
	memset(s, 0, sizeof(*s));
}

/*
 * The location of line in the main file: in the ordinary map of the main
 * file that holds it (one per stretch between two #includes), else the
 * file's first map; UNKNOWN_LOCATION when GCC has none.
 */
static location_t asm_diag_main_line(unsigned line)
{
	unsigned n = LINEMAPS_ORDINARY_USED(line_table);
	location_t first = UNKNOWN_LOCATION;

	if (!main_input_filename)
		return UNKNOWN_LOCATION;
	for (unsigned i = 0; i < n; i++) {
		const line_map_ordinary *m =
			LINEMAPS_ORDINARY_MAP_AT(line_table, i);
		const char *f = ORDINARY_MAP_FILE_NAME(m);
		location_t end;

		if (!f || strcmp(f, main_input_filename))
			continue;
		if (first == UNKNOWN_LOCATION)
			first = MAP_START_LOCATION(m);
		if (ORDINARY_MAP_STARTING_LINE_NUMBER(m) > line)
			continue;
		end = i + 1 < n ? MAP_START_LOCATION(
					  LINEMAPS_ORDINARY_MAP_AT(line_table, i + 1))
				: line_table->highest_location + 1;
		if (end > MAP_START_LOCATION(m) &&
		    SOURCE_LINE(m, end - 1) >= line)
			return linemap_position_for_line_and_column(
				line_table, const_cast<line_map_ordinary *>(m),
				line, 1);
	}
	return first;
}

/*
 * sites= items of the file being compiled that marked nothing in it: the
 * what-if did nothing, and the unit that could show it is this one.  A
 * note, whatever diag says but none (never a warning: -Werror).  Items of
 * other files (headers) marking nothing in a unit are the rule, not news:
 * verbose counts them, and asmscan says which marked nothing in a whole
 * build.
 */
static void asm_diag_sites_unmatched(struct asminline_plugin *pl)
{
	struct stat st;

	if (!pl->opts.sites.n || !pl->main_abs || !pl->main_abs[0] ||
	    stat(pl->main_abs, &st))
		return;
	for (size_t i = 0; i < pl->opts.sites.n; i++) {
		const struct site_want *w = &pl->opts.sites.v[i];
		location_t loc;

		if (pl->site_applied[i] || w->dev != st.st_dev ||
		    w->ino != st.st_ino)
			continue;
		loc = asm_diag_main_line(w->line);
		if (!pl->site_stmts[i])
			inform(loc, "asminline: site %qs of %<sites=%> marked nothing: no %<asm%> statement compiled in this unit is spelled at this line",
			       w->item);
		else
			inform_n(loc, pl->site_stmts[i],
				 "asminline: site %qs of %<sites=%> marked nothing: the %lu %<asm%> statement spelled at this line is not flagged, and %<mode=apply%> marks only flagged ones",
				 "asminline: site %qs of %<sites=%> marked nothing: the %lu %<asm%> statements spelled at this line are not flagged, and %<mode=apply%> marks only flagged ones",
				 w->item, pl->site_stmts[i]);
	}
}

void asm_diag_finish_unit(struct asminline_plugin *pl)
{
	if (pl->opts.diag != ASMINLINE_DIAG_NONE) {
		for (size_t i = 0; i < pl->sites->n; i++)
			asm_diag_emit_site(pl, &pl->sites->v[i]);
		asm_diag_sites_unmatched(pl);
	}
	asm_diag_free(pl->sites);
}
