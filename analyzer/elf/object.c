// SPDX-License-Identifier: GPL-2.0
/*
 * object.c — open one ELF object: map it, check its headers and every
 * section against the file, read .symtab (functions, STT_FILE names) and,
 * in a relocatable object, the RELA sections the analyses follow.
 *
 * Invariants: after a successful object_open() every obj_section.data
 * range lies inside the mapping, every function lies inside its section,
 * every relocation kept (those of allocated sections) names a symbol that
 * exists, and relocations of each section are sorted by offset.  Anything
 * that breaks this is an input error reported through o->msgs, and the
 * object is not analysed further.
 */
#include "object.h"

#include <errno.h>
#include <fcntl.h>
#include <libiberty/demangle.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errors.h"

static void object_vmsg(struct object *o, enum asmscan_severity sev,
			const char *what, const char *fmt, va_list ap)
{
	char buf[512];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	asmscan_msgs_add(&o->msgs, sev, o->name, what, "%s", buf);
}

void object_error(struct object *o, const char *what, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	object_vmsg(o, ASMSCAN_ERROR, what, fmt, ap);
	va_end(ap);
}

void object_note(struct object *o, const char *what, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	object_vmsg(o, ASMSCAN_NOTE, what, fmt, ap);
	va_end(ap);
}

/* Read len bytes of fd from its offset at into buf. */
static bool read_file(int fd, void *buf, size_t len, uint64_t at)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = pread(fd, (char *)buf + done, len - done,
				  (off_t)(at + done));

		if (n <= 0 && !(n < 0 && errno == EINTR))
			return false;
		if (n > 0)
			done += (size_t)n;
	}
	return true;
}

static bool object_map(struct object *o, const struct input_object *in)
{
	struct stat st;
	uint64_t off = in->offset, len;
	int fd = open(in->path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		object_error(o, "cannot open", "%s", strerror(errno));
		return false;
	}
	if (fstat(fd, &st) < 0) {
		object_error(o, "cannot read", "%s", strerror(errno));
		close(fd);
		return false;
	}
	len = in->size ? in->size : (uint64_t)st.st_size;
	if (!S_ISREG(st.st_mode) || off > (uint64_t)st.st_size ||
	    len > (uint64_t)st.st_size - off || len < EI_NIDENT) {
		object_error(o, "cannot read",
			     len < EI_NIDENT ? "file too short for an ELF header"
					     : "not a regular file");
		close(fd);
		return false;
	}
	/*
	 * Private and writable, like libelf's ELF_C_READ_MMAP_PRIVATE: libelf
	 * may convert data in place; the file itself is never written.
	 */
	o->map_len = (size_t)(off + len);
	o->map = mmap(NULL, o->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd,
		      0);
	close(fd);
	if (o->map == MAP_FAILED) {
		o->map = NULL;
		object_error(o, "cannot map", "%s", strerror(errno));
		return false;
	}
	o->image = (const unsigned char *)o->map + off;
	o->size = (size_t)len;
	return true;
}

static int range_cmp(const void *a, const void *b)
{
	const struct obj_section *x = *(const struct obj_section *const *)a;
	const struct obj_section *y = *(const struct obj_section *const *)b;

	return x->data < y->data ? -1 : x->data > y->data;
}

/* No two sections' bytes in the file overlap (NOBITS and empty ones aside). */
static bool sections_disjoint(struct object *o)
{
	const struct obj_section **v = xcalloc(o->nsecs ? o->nsecs : 1, sizeof(*v));
	size_t n = 0;
	bool ok = true;

	for (size_t i = 1; i < o->nsecs; i++)
		if (o->secs[i].data)
			v[n++] = &o->secs[i];
	qsort(v, n, sizeof(*v), range_cmp);
	for (size_t i = 1; i < n && ok; i++) {
		if (v[i - 1]->data + v[i - 1]->size > v[i]->data) {
			object_error(o, "sections overlap",
				     "%s and %s share bytes at offset 0x%zx",
				     v[i - 1]->name, v[i]->name,
				     (size_t)(v[i]->data - o->image));
			ok = false;
		}
	}
	free(v);
	return ok;
}

static bool object_sections(struct object *o, const GElf_Ehdr *eh)
{
	size_t shstrndx;
	uint64_t next = 0x1000;		/* ET_REL flat layout */

	if (elf_getshdrnum(o->elf, &o->nsecs) < 0 ||
	    elf_getshdrstrndx(o->elf, &shstrndx) < 0) {
		object_error(o, "cannot read section headers", "%s",
			     elf_errmsg(-1));
		return false;
	}
	/*
	 * libelf counts no sections when the table is not all in the file:
	 * check the count the header claims (e_shnum, or with e_shnum 0 the
	 * sh_size of section 0) against the file ourselves.
	 */
	uint64_t claimed = eh->e_shnum;

	if (!claimed && eh->e_shoff && eh->e_shoff <= o->size &&
	    o->size - eh->e_shoff >= sizeof(Elf64_Shdr)) {
		Elf64_Shdr sh0;

		memcpy(&sh0, o->image + eh->e_shoff, sizeof(sh0));
		claimed = sh0.sh_size;
	}
	if (claimed < o->nsecs)
		claimed = o->nsecs;
	if (claimed && eh->e_shentsize != sizeof(Elf64_Shdr)) {
		object_error(o, "cannot read section headers",
			     "entry size %u, not %zu", eh->e_shentsize,
			     sizeof(Elf64_Shdr));
		return false;
	}
	if (eh->e_shoff > o->size ||
	    claimed > (o->size - eh->e_shoff) / sizeof(Elf64_Shdr) ||
	    o->nsecs != claimed) {
		object_error(o, "cannot read section headers",
			     "%llu headers at offset 0x%llx past the end of the file (%zu bytes)",
			     (unsigned long long)claimed,
			     (unsigned long long)eh->e_shoff, o->size);
		return false;
	}
	if (o->nsecs && shstrndx >= o->nsecs) {
		object_error(o, "cannot read section headers",
			     "section name table [%zu] out of range (%zu sections)",
			     shstrndx, o->nsecs);
		return false;
	}
	o->secs = xcalloc(o->nsecs ? o->nsecs : 1, sizeof(*o->secs));
	for (size_t i = 1; i < o->nsecs; i++) {
		Elf_Scn *scn = elf_getscn(o->elf, i);
		struct obj_section *s = &o->secs[i];
		GElf_Shdr sh;
		const char *name;

		if (!scn || !gelf_getshdr(scn, &sh)) {
			object_error(o, "cannot read section header", "[%zu]: %s",
				     i, elf_errmsg(-1));
			return false;
		}
		name = elf_strptr(o->elf, shstrndx, sh.sh_name);
		s->name = arena_strdup(&o->strings, name ? name : "?");
		s->size = sh.sh_size;
		s->flags = sh.sh_flags;
		s->type = sh.sh_type;
		if (sh.sh_type != SHT_NOBITS &&
		    (sh.sh_offset > o->size || sh.sh_size > o->size - sh.sh_offset)) {
			object_error(o, "section out of bounds",
				     "[%zu] %s: offset 0x%llx size 0x%llx past the end of the file (0x%zx bytes)",
				     i, s->name, (unsigned long long)sh.sh_offset,
				     (unsigned long long)sh.sh_size, o->size);
			return false;
		}
		if (sh.sh_type != SHT_NOBITS && !(sh.sh_flags & SHF_COMPRESSED) &&
		    sh.sh_size)
			s->data = o->image + sh.sh_offset;
		if (o->type == ET_REL) {
			if (sh.sh_flags & SHF_ALLOC) {
				uint64_t align = sh.sh_addralign > 1 &&
					sh.sh_addralign <= 4096 ? sh.sh_addralign : 1;

				next = (next + align - 1) / align * align;
				s->addr = next;
				/* A gap keeps sections apart even when empty. */
				next += sh.sh_size + 16;
			}
		} else {
			s->addr = sh.sh_addr;
		}
	}
	return sections_disjoint(o);
}

static bool object_symbols(struct object *o)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	Elf_Data *data;
	const Elf64_Sym *raw;
	const char *file = NULL;

	while ((scn = elf_nextscn(o->elf, scn)))
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB)
			break;
	if (!scn)
		return true;		/* stripped: the analyses say so */
	o->has_symtab = true;
	if (sh.sh_entsize != sizeof(Elf64_Sym) || sh.sh_link >= o->nsecs) {
		object_error(o, "cannot read .symtab", "entry size %llu, link %u",
			     (unsigned long long)sh.sh_entsize, sh.sh_link);
		return false;
	}
	data = elf_getdata(scn, NULL);
	if (!data) {
		object_error(o, "cannot read .symtab", "%s", elf_errmsg(-1));
		return false;
	}
	o->nsyms = data->d_size / sizeof(Elf64_Sym);
	o->syms = xcalloc(o->nsyms ? o->nsyms : 1, sizeof(*o->syms));
	/* libelf hands a native file's entries as they are (gelf_getsym) */
	raw = data->d_type == ELF_T_SYM ? data->d_buf : NULL;
	for (size_t i = 1; i < o->nsyms; i++) {
		struct obj_sym *s = &o->syms[i];
		GElf_Sym sym;
		const char *name;

		if (raw)
			sym = raw[i];
		else if (!gelf_getsym(data, (int)i, &sym)) {
			object_error(o, "cannot read .symtab", "symbol %zu: %s", i,
				     elf_errmsg(-1));
			return false;
		}
		name = elf_strptr(o->elf, sh.sh_link, sym.st_name);
		if (!name) {
			object_error(o, "cannot read .symtab",
				     "symbol %zu: name offset %u out of bounds", i,
				     sym.st_name);
			return false;
		}
		s->type = GELF_ST_TYPE(sym.st_info);
		s->bind = GELF_ST_BIND(sym.st_info);
		s->padding = s->type == STT_FUNC && object_padding_name(name);
		s->value = sym.st_value;
		s->size = sym.st_size;
		s->shndx = sym.st_shndx;
		if (s->type == STT_FILE) {
			file = *name ? arena_strdup(&o->strings, name) : NULL;
			s->name = file ? file : "";
			continue;
		}
		s->name = *name ? arena_strdup(&o->strings, name) : "";
		s->file = s->bind == STB_LOCAL ? file : NULL;
		if (sym.st_shndx == SHN_XINDEX) {
			object_error(o, "cannot read .symtab",
				     "symbol %zu: extended section indexes not supported", i);
			return false;
		}
		if (sym.st_shndx != SHN_UNDEF && sym.st_shndx < SHN_LORESERVE) {
			if (sym.st_shndx >= o->nsecs) {
				object_error(o, "cannot read .symtab",
					     "symbol %zu (%s): section %u out of range",
					     i, s->name, sym.st_shndx);
				return false;
			}
			s->defined = true;
			s->addr = o->type == ET_REL ?
				o->secs[sym.st_shndx].addr + sym.st_value :
				sym.st_value;
		}
	}
	return true;
}

static int func_cmp(const void *a, const void *b)
{
	const struct obj_func *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	/* At one address: globals name the function, then the larger size. */
	if (x->local != y->local)
		return x->local ? 1 : -1;
	if (x->size != y->size)
		return x->size > y->size ? -1 : 1;
	return strcmp(x->name, y->name);
}

bool object_padding_name(const char *name)
{
	return !strncmp(name, "__pfx_", 6) || !strncmp(name, "__cfi_", 6);
}

/*
 * Fold each padding symbol into the function that starts where it ends
 * (objtool's __pfx_NAME is exactly the 16 bytes before NAME, whatever the
 * names say: an alias may name the function).  One that ends where no
 * function starts belongs to nothing.
 */
static void object_fold_padding(struct object *o)
{
	for (size_t i = 1; i < o->nsyms; i++) {
		const struct obj_sym *s = &o->syms[i];
		const struct obj_section *sec;
		struct obj_func *f;
		uint32_t fi;

		if (!s->padding || !s->defined || !s->size)
			continue;
		fi = object_func_at(o, s->addr + s->size);
		if (fi == OBJ_NONE)
			continue;
		f = &o->funcs[fi];
		sec = &o->secs[f->shndx];
		if (f->addr != s->addr + s->size || s->shndx != f->shndx ||
		    s->addr < sec->addr || s->size > UINT32_MAX)
			continue;
		if (s->size > f->pad)
			f->pad = (uint32_t)s->size;
	}
}

/*
 * Buckets over the functions' addresses, so that object_func_at() (every
 * call site, table entry and DWARF function asks it: half a million times
 * on a vmlinux) searches a few functions, not all of them: at most about
 * two buckets per function, of a power of two bytes.
 */
static void object_func_buckets(struct object *o)
{
	uint64_t base, span;
	size_t fi = 0;

	if (!o->nfuncs)
		return;
	base = o->funcs[0].addr;
	span = o->funcs[o->nfuncs - 1].addr - base;
	o->func_shift = 4;
	while (o->func_shift < 63 && (span >> o->func_shift) >= 2 * o->nfuncs + 16)
		o->func_shift++;
	o->nbuckets = (size_t)(span >> o->func_shift) + 1;
	o->func_first = xcalloc(o->nbuckets + 1, sizeof(*o->func_first));
	for (size_t b = 0; b <= o->nbuckets; b++) {
		while (fi < o->nfuncs &&
		       (o->funcs[fi].addr - base) >> o->func_shift < b)
			fi++;
		o->func_first[b] = (uint32_t)fi;
	}
}

/* A Rust symbol's name demangled into o's strings, NULL for any other. */
static const char *rust_name(struct object *o, const char *name)
{
	char *d;
	const char *kept;

	if (strncmp(name, "_R", 2) && strncmp(name, "_ZN", 3))
		return NULL;
	d = rust_demangle(name, 0);
	if (!d)
		return NULL;
	kept = arena_strdup(&o->strings, d);
	free(d);
	return kept;
}

static void object_funcs(struct object *o)
{
	size_t n = 0, out = 0;

	for (size_t i = 1; i < o->nsyms; i++)
		n += o->syms[i].type == STT_FUNC && o->syms[i].defined;
	o->funcs = xcalloc(n ? n : 1, sizeof(*o->funcs));
	for (size_t i = 1; i < o->nsyms; i++) {
		const struct obj_sym *s = &o->syms[i];
		const struct obj_section *sec;
		struct obj_func *f;

		if (s->type != STT_FUNC || !s->defined || s->padding)
			continue;
		sec = &o->secs[s->shndx];
		f = &o->funcs[out++];
		*f = (struct obj_func){ .name = s->name, .file = s->file,
					.addr = s->addr, .value = s->value,
					.size = s->size, .shndx = s->shndx,
					.local = s->bind == STB_LOCAL,
					.fragment_of = OBJ_NONE };
		/* Keep every function inside its section. */
		if (f->addr < sec->addr || f->addr > sec->addr + sec->size)
			f->size = 0;
		else if (f->size > sec->addr + sec->size - f->addr)
			f->size = sec->addr + sec->size - f->addr;
	}
	qsort(o->funcs, out, sizeof(*o->funcs), func_cmp);
	n = 0;
	for (size_t i = 0; i < out; i++)
		if (!n || o->funcs[n - 1].addr != o->funcs[i].addr)
			o->funcs[n++] = o->funcs[i];
	o->nfuncs = n;
	for (size_t i = 0; i < n; i++)
		o->funcs[i].demangled = rust_name(o, o->funcs[i].name);
	object_func_buckets(o);
	object_fold_padding(o);
}

static int reloc_cmp(const void *a, const void *b)
{
	const struct obj_reloc *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Offsets strictly ascending (as the assembler writes them): sorted
 * already, and no two equal that qsort could order either way. */
static bool relocs_ascending(const struct obj_reloc *v, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (v[i].offset <= v[i - 1].offset)
			return false;
	return true;
}

/* A RELA section and the section it fixes (sh_info). */
struct rela_sec {
	Elf_Scn *scn;
	GElf_Shdr sh;
};

/*
 * Every entry of a RELA section of an allocated section (code, tables)
 * names a symbol that exists and an offset inside its target, and is
 * appended to *v; false (with the message) on the first that does not.
 * The entries of the other sections are not read here: a module's
 * .rela.debug_* are nine-tenths of its relocations and two fifths of the
 * file, and the DWARF reader, the only one to read them, checks each
 * entry it applies (dwarf-rel.h) or leaves them to libdwfl, which does.
 */
static bool object_rela(struct object *o, const struct rela_sec *rs,
			size_t target, struct obj_reloc **v, size_t *n,
			size_t *cap)
{
	Elf_Data *data = elf_getdata(rs->scn, NULL);
	const Elf64_Rela *raw;
	size_t count;

	if (!data) {
		object_error(o, "cannot read relocations", "%s: %s",
			     o->secs[elf_ndxscn(rs->scn)].name, elf_errmsg(-1));
		return false;
	}
	count = data->d_size / sizeof(Elf64_Rela);
	/* libelf hands a native file's entries as they are (gelf_getrela) */
	raw = data->d_type == ELF_T_RELA ? data->d_buf : NULL;
	for (size_t i = 0; i < count; i++) {
		GElf_Rela rela;
		struct obj_reloc *r;

		if (raw)
			rela = raw[i];
		else if (!gelf_getrela(data, (int)i, &rela))
			break;
		if (GELF_R_SYM(rela.r_info) >= o->nsyms ||
		    rela.r_offset >= o->secs[target].size) {
			object_error(o, "cannot read relocations",
				     "%s entry %zu: symbol %llu or offset 0x%llx out of range",
				     o->secs[elf_ndxscn(rs->scn)].name, i,
				     (unsigned long long)GELF_R_SYM(rela.r_info),
				     (unsigned long long)rela.r_offset);
			return false;
		}
		r = VEC_PUSH(*v, *n, *cap);
		r->offset = rela.r_offset;
		r->addend = rela.r_addend;
		r->sym = (uint32_t)GELF_R_SYM(rela.r_info);
		r->type = (uint32_t)GELF_R_TYPE(rela.r_info);
	}
	return true;
}

/*
 * RELA sections of a relocatable object, grouped by the section they fix
 * (in section order, and in file order for one target): every one's
 * header is checked, the entries of those of allocated sections read.
 */
static bool object_relocs(struct object *o)
{
	Elf_Scn *scn = NULL;
	struct rela_sec *rs = NULL;
	struct obj_reloc *v = NULL;
	size_t nrs = 0, rs_cap = 0, n = 0, cap = 0;
	bool ok = true;

	if (o->type != ET_REL)
		return true;
	while ((scn = elf_nextscn(o->elf, scn))) {
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh) ||
		    (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL) ||
		    !sh.sh_info || sh.sh_info >= o->nsecs)
			continue;
		*VEC_PUSH(rs, nrs, rs_cap) = (struct rela_sec){ scn, sh };
	}
	for (size_t target = 1; ok && target < o->nsecs; target++) {
		size_t first = n;

		for (size_t k = 0; ok && k < nrs; k++) {
			const GElf_Shdr *sh = &rs[k].sh;

			if (sh->sh_info != target)
				continue;
			if (sh->sh_type == SHT_REL || sh->sh_entsize != sizeof(Elf64_Rela)) {
				object_error(o, "cannot read relocations",
					     "section %s: %s", o->secs[elf_ndxscn(rs[k].scn)].name,
					     sh->sh_type == SHT_REL ? "SHT_REL is not used on x86-64 or AArch64"
								    : "bad entry size");
				ok = false;
				break;
			}
			if (o->secs[target].flags & SHF_ALLOC)
				ok = object_rela(o, &rs[k], target, &v, &n, &cap);
		}
		if (!ok)
			break;
		if (n > first && !relocs_ascending(v + first, n - first))
			qsort(v + first, n - first, sizeof(*v), reloc_cmp);
		o->secs[target].rel_first = (uint32_t)first;
		o->secs[target].rel_count = (uint32_t)(n - first);
	}
	free(rs);
	if (!ok) {
		free(v);
		return false;
	}
	o->relocs = v;
	o->nrelocs = n;
	return true;
}

/*
 * The compiler .comment names: the first NUL-terminated string that is
 * GCC's ("GCC: (Debian 12.2.0-14+deb12u1) 12.2.0") or Clang's.  The
 * linker's and the plugin's records are other strings of the section.
 */
static void object_compiler(struct object *o)
{
	uint32_t i = object_section_by_name(o, ".comment");
	const struct obj_section *sec = i ? &o->secs[i] : NULL;
	const char *p, *end;

	if (!sec || !sec->data || !sec->size)
		return;
	p = (const char *)sec->data;
	end = p + sec->size;
	while (p < end) {
		const char *nul = memchr(p, '\0', (size_t)(end - p));
		size_t n = nul ? (size_t)(nul - p) : (size_t)(end - p);

		if ((n > 5 && !strncmp(p, "GCC: ", 5)) || memmem(p, n, "clang version", 13)) {
			o->compiler = arena_strndup(&o->strings, p, n);
			return;
		}
		p += n + 1;
	}
}

bool object_open(struct object *o, const struct input_object *in)
{
	GElf_Ehdr eh;
	char why[128];

	memset(o, 0, sizeof(*o));
	o->in = in;
	o->name = in->name;
	if (!object_map(o, in))
		goto bad;
	if (!input_elf_supported(o->image, o->size, why, sizeof(why))) {
		object_error(o, "cannot analyse", "%s", why);
		goto bad;
	}
	o->elf = elf_memory((char *)o->image, o->size);
	if (!o->elf || elf_kind(o->elf) != ELF_K_ELF || !gelf_getehdr(o->elf, &eh)) {
		object_error(o, "cannot read ELF", "%s", elf_errmsg(-1));
		goto bad;
	}
	o->type = eh.e_type;
	o->mach = machine_find(eh.e_machine);
	if (!o->mach || eh.e_ident[EI_DATA] != ELFDATA2LSB) {
		object_error(o, "cannot analyse", "big-endian or unknown machine");
		goto bad;
	}
	if (!object_sections(o, &eh) || !object_symbols(o) || !object_relocs(o))
		goto bad;
	object_funcs(o);
	object_compiler(o);
	return true;
bad:
	o->failed = true;
	object_close_image(o);
	return false;
}

void object_release(const struct object *o, const void *from, size_t len)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t start = ((uintptr_t)from + page - 1) & ~(page - 1);
	uintptr_t end = ((uintptr_t)from + len) & ~(page - 1);
	uintptr_t map = (uintptr_t)o->map;

	if (!o->map || start < map || end > map + o->map_len || start >= end)
		return;
	/* Clean file pages: they come back from the page cache if touched. */
	madvise((void *)start, end - start, MADV_DONTNEED);
}

void object_close_image(struct object *o)
{
	if (o->elf)
		elf_end(o->elf);
	o->elf = NULL;
	if (o->map)
		munmap(o->map, o->map_len);
	o->map = NULL;
	o->image = NULL;
	/* The relocations say what the bytes hold: gone with them. */
	free(o->relocs);
	o->relocs = NULL;
	o->nrelocs = 0;
	/* secs is NULL when the section headers were refused. */
	for (size_t i = 0; o->secs && i < o->nsecs; i++) {
		o->secs[i].data = NULL;
		o->secs[i].rel_first = o->secs[i].rel_count = 0;
	}
}

/* Where the object starts in the file mapped (an archive member: past 0). */
static uint64_t image_offset(const struct object *o)
{
	return o->map ? (uint64_t)(o->image - (const unsigned char *)o->map) : 0;
}

int object_file_open(const struct object *o)
{
	return o->map ? open(o->in->path, O_RDONLY | O_CLOEXEC) : -1;
}

bool object_file_read(const struct object *o, int fd, void *buf, uint64_t off,
		      size_t len)
{
	return fd >= 0 && off <= o->size && len <= o->size - off &&
	       read_file(fd, buf, len, image_offset(o) + off);
}

/* Read [from, to) of o's image into buf at the same offset. */
static bool read_part(const struct object *o, int fd, void *buf, size_t from,
		      size_t to)
{
	return from >= to ||
	       object_file_read(o, fd, (char *)buf + from, from, to - from);
}

void object_read_image_except(const struct object *o, int fd, void *buf,
			      const struct file_range *skip, size_t nskip)
{
	size_t at = 0;
	bool ok = fd >= 0;

	/* Ranges out of order or past the end: read everything. */
	for (size_t i = 0; i < nskip && ok; i++) {
		if (skip[i].off < at || skip[i].off > o->size ||
		    skip[i].len > o->size - skip[i].off) {
			nskip = 0;
			break;
		}
		at = skip[i].off + skip[i].len;
	}
	at = 0;
	for (size_t i = 0; ok && i < nskip; i++) {
		ok = read_part(o, fd, buf, at, skip[i].off);
		at = skip[i].off + skip[i].len;
	}
	if (ok)
		ok = read_part(o, fd, buf, at, o->size);
	if (!ok)
		memcpy(buf, o->image, o->size);
}

bool object_image_aligned(const struct object *o)
{
	return o->image && (uintptr_t)o->image % 8 == 0;
}

void *object_map_image(const struct object *o, int fd)
{
	uint64_t off;
	void *map;

	if (!o->map || fd < 0)
		return NULL;
	off = image_offset(o);
	if (!object_image_aligned(o))
		return NULL;	/* copied instead */
	/* From 0, as object_open() maps: an archive member's offset is
	 * not page-aligned. */
	map = mmap(NULL, o->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	return map == MAP_FAILED ? NULL : (char *)map + off;
}

void object_unmap_image(const struct object *o, void *image)
{
	if (image)
		munmap((char *)image - image_offset(o), o->map_len);
}

/* The huge page object_image_own() widens its ranges to. */
#define OWN_HUGE ((uint64_t)2 << 20)

int file_range_cmp(const void *a, const void *b)
{
	const struct file_range *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/* In the mapping at map (limit bytes, page-rounded), [*from, *to) widened
 * to whole huge pages of the address space, within the mapping. */
static void widen_to_huge(const char *map, uint64_t limit, uint64_t *from,
			  uint64_t *to)
{
	uintptr_t at = (uintptr_t)map;
	uintptr_t lo = (at + *from) & ~(uintptr_t)(OWN_HUGE - 1);
	uintptr_t hi = (at + *to + OWN_HUGE - 1) & ~(uintptr_t)(OWN_HUGE - 1);

	*from = lo < at ? 0 : lo - at;
	*to = hi - at > limit ? limit : hi - at;
}

/* [from, to) of the mapping at map made anonymous, holding the file's
 * bytes up to end (zeros after). */
static bool own_run(int fd, char *map, uint64_t from, uint64_t to,
		    uint64_t end)
{
	void *anon = mmap(map + from, to - from, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);

	if (anon == MAP_FAILED)
		return false;
#ifdef MADV_HUGEPAGE
	madvise(anon, to - from, MADV_HUGEPAGE);
#endif
	return from >= end ||
	       read_file(fd, anon, (end < to ? end : to) - from, from);
}

bool object_image_own(const struct object *o, int fd, void *image,
		      struct file_range *r, size_t n)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	uint64_t base = image_offset(o);
	uint64_t end = base + o->size;	/* the image's: zeros after it */
	uint64_t limit = (o->map_len + page - 1) & ~(page - 1);
	char *map = (char *)image - base;
	uint64_t from = 0, to = 0;
	bool ok = true;

	if (!image || !n || fd < 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!r[i].len || r[i].off > o->size ||
		    r[i].len > o->size - r[i].off)
			return false;
	qsort(r, n, sizeof(*r), file_range_cmp);
	/*
	 * Offsets in the file, which the mapping starts at; each range
	 * widened to whole huge pages (a 4 KB page faulted in at either end
	 * of a section costs as much as copying 100 KB where faults are
	 * dear), and the runs that meet then mapped once, not twice.
	 */
	for (size_t i = 0; i < n && ok; i++) {
		uint64_t f = base + r[i].off, t = base + r[i].off + r[i].len;

		widen_to_huge(map, limit, &f, &t);
		if (to && f <= to) {
			to = t > to ? t : to;
			continue;
		}
		if (to)
			ok = own_run(fd, map, from, to, end);
		from = f;
		to = t;
	}
	if (ok && to)
		ok = own_run(fd, map, from, to, end);
	return ok;
}

void object_free(struct object *o)
{
	object_close_image(o);
	free(o->secs);
	free(o->syms);
	free(o->relocs);
	free(o->funcs);
	free(o->func_first);
	free(o->code);
	free(o->calls);
	free(o->dcopies);
	free(o->noreturn);
	free(o->table_counts);
	asmscan_msgs_free(&o->msgs);
	arena_free(&o->strings);
}

uint32_t object_func_at(const struct object *o, uint64_t addr)
{
	size_t lo = 0, hi = o->nfuncs;

	/* Functions of earlier buckets start before addr, of later after. */
	if (o->func_first) {
		uint64_t base = o->funcs[0].addr;

		if (addr < base) {
			hi = 0;
		} else if ((addr - base) >> o->func_shift >= o->nbuckets) {
			lo = o->nfuncs;
		} else {
			size_t b = (size_t)((addr - base) >> o->func_shift);

			lo = o->func_first[b];
			hi = o->func_first[b + 1];
		}
	}
	/* The last function starting at or before addr. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (o->funcs[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo && (addr == o->funcs[lo - 1].addr ||
		   addr - o->funcs[lo - 1].addr < o->funcs[lo - 1].size))
		return (uint32_t)(lo - 1);
	/* In the padding in front of the next function? */
	if (lo < o->nfuncs && o->funcs[lo].pad &&
	    o->funcs[lo].addr - addr <= o->funcs[lo].pad)
		return (uint32_t)lo;
	return OBJ_NONE;
}

uint32_t object_section_at(const struct object *o, uint64_t addr)
{
	for (size_t i = 1; i < o->nsecs; i++) {
		const struct obj_section *s = &o->secs[i];

		if ((s->flags & SHF_ALLOC) && addr >= s->addr &&
		    addr - s->addr < s->size)
			return (uint32_t)i;
	}
	return 0;
}

const struct obj_reloc *object_reloc_at(const struct object *o, uint32_t shndx,
					uint64_t offset)
{
	const struct obj_section *s = &o->secs[shndx];
	size_t lo = s->rel_first, hi = (size_t)s->rel_first + s->rel_count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (o->relocs[mid].offset < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < (size_t)s->rel_first + s->rel_count &&
	    o->relocs[lo].offset == offset)
		return &o->relocs[lo];
	return NULL;
}

bool object_reloc_target(const struct object *o, const struct obj_reloc *r,
			 uint64_t *flat)
{
	const struct obj_sym *s = &o->syms[r->sym];

	if (!s->defined)
		return false;
	*flat = s->addr + (uint64_t)r->addend;
	return true;
}

uint32_t object_section_by_name(const struct object *o, const char *name)
{
	for (size_t i = 1; i < o->nsecs; i++)
		if (!strcmp(o->secs[i].name, name))
			return (uint32_t)i;
	return 0;
}

uint64_t object_symbol_addr(const struct object *o, const char *name)
{
	for (size_t i = 1; i < o->nsyms; i++)
		if (o->syms[i].defined && !strcmp(o->syms[i].name, name))
			return o->syms[i].addr;
	return 0;
}
