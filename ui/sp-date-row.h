/* sp-date-row.h: an entry row for a day, typed yyyy-mm-dd or picked on a calendar.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Turns @row into a date row: a calendar button at its end that fills in the day picked, and
 * the "error" style while what is typed is not a day written yyyy-mm-dd. */
void   sp_date_row_setup    (AdwEntryRow *row);
/* The day typed, without blanks, or NULL when the row is empty. */
char  *sp_date_row_get_date (AdwEntryRow *row);
/* While @row is empty its calendar opens on @earlier's day (the first day for the last), not
 * on today.  @earlier lives as long as @row (a row of the same dialog). */
void   sp_date_row_follow   (AdwEntryRow *row,
                             AdwEntryRow *earlier);
/* Shows @date (yyyy-mm-dd, or NULL for none). */
void   sp_date_row_set_date (AdwEntryRow *row,
                             const char  *date);

G_END_DECLS
