// SPDX-License-Identifier: GPL-2.0
/*
 * embed-bytes.c — input of the embed test (embed-records.py): templates
 * whose JSON holds every kind of byte the escape of a .comment string
 * meets (plugin/records/gas-string.cc): runs of '"' and '\\' within one
 * block of sixteen bytes and across two, UTF-8 that JSON keeps as it is
 * and GAS must read back from octal, a byte that is no UTF-8, and blocks
 * of plain text.  Each is over-counted (one nop and comment lines), so
 * each is embedded; the records read back from .comment must equal the
 * report's.
 */
void bytes_quotes(void)
{
	asm volatile("nop\n\t# \"a\" \"\" b\\c \"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\n"
		     "\t# \\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\ \"\\\" end\n"
		     "\t# plain text, long enough for whole blocks of it\n\t#");
}

void bytes_utf8(void)
{
	asm volatile("nop\n\t# caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \"\xc3\xa9\"\n"
		     "\t# not UTF-8: \xff \xc3 \x80 \"\\\xff\"\n\t# \xc3\xa9\n\t#");
}
