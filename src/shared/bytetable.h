/* bytetable.h: a 256-entry table of byte classes written as the rule
 * that makes it, evaluated by the compiler: BYTE_TABLE(F) lists F(0),
 * F(1), ... F(255), F being a macro whose constant value is the entry
 * of byte C. The rule stays readable where a table of numbers would
 * need a script to check it, and the table is still one load a byte. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_BYTETABLE_H
#define URIGREP_BYTETABLE_H

#define BYTE_ROW_(F, r) \
    F((r) + 0), F((r) + 1), F((r) + 2), F((r) + 3), F((r) + 4), \
    F((r) + 5), F((r) + 6), F((r) + 7), F((r) + 8), F((r) + 9), \
    F((r) + 10), F((r) + 11), F((r) + 12), F((r) + 13), F((r) + 14), \
    F((r) + 15)
#define BYTE_TABLE(F) \
    BYTE_ROW_(F, 0x00), BYTE_ROW_(F, 0x10), BYTE_ROW_(F, 0x20), \
    BYTE_ROW_(F, 0x30), BYTE_ROW_(F, 0x40), BYTE_ROW_(F, 0x50), \
    BYTE_ROW_(F, 0x60), BYTE_ROW_(F, 0x70), BYTE_ROW_(F, 0x80), \
    BYTE_ROW_(F, 0x90), BYTE_ROW_(F, 0xa0), BYTE_ROW_(F, 0xb0), \
    BYTE_ROW_(F, 0xc0), BYTE_ROW_(F, 0xd0), BYTE_ROW_(F, 0xe0), \
    BYTE_ROW_(F, 0xf0)

/* Common sets, for the rules (C an int from 0 to 255) */
#define BYTE_IS_UPPER(c) ((c) >= 'A' && (c) <= 'Z')
#define BYTE_IS_LOWER(c) ((c) >= 'a' && (c) <= 'z')
#define BYTE_IS_ALPHA(c) (BYTE_IS_UPPER(c) || BYTE_IS_LOWER(c))
#define BYTE_IS_DIGIT(c) ((c) >= '0' && (c) <= '9')
#define BYTE_IS_ALNUM(c) (BYTE_IS_ALPHA(c) || BYTE_IS_DIGIT(c))
/* controls (C0 and DEL) */
#define BYTE_IS_CNTRL(c) ((c) < 0x20 || (c) == 0x7f)
#define BYTE_IS_NON_ASCII(c) ((c) >= 0x80)

#endif
