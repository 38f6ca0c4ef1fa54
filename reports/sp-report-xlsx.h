/* sp-report-xlsx.h: what the spreadsheets share with their tests.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Splits a player's @name into EMA's first and last name (newly allocated):
 *   "Last, First"            → at the comma;
 *   a CJK name without space → the family name is the last name (one character, or two for a
 *                              复姓 such as 欧阳), the given name the first: 张伟 → 伟 / 张;
 *   "First Middle Last"      → the last word is the last name, with the lower-case particles
 *                              before it (van, de, von, …); the words before are the first name;
 *   one word                 → the last name, no first name. */
void sp_report_split_name (const char  *name,
                           char       **first,
                           char       **last);

G_END_DECLS
