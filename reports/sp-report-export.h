/* sp-report-export.h: the reports a tournament can be exported as, one table for the command
 * line (`sparrow-cli export KIND`) and the app's Export dialog.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-core.h"
#include "sp-report-file.h"

G_BEGIN_DECLS

/* One report: its stable kind (SPEC.md §3.3), how a person calls it and the file it makes,
 * and what it takes besides the snapshot.  @title, @description and @file_stem are untranslated
 * (N_()); sp_report_export_get_title () and friends translate them. */
typedef struct
{
  const char *kind;          /* "xlsx", "pdf-seating"… */
  const char *title;         /* "Standings Workbook (.xlsx)" */
  const char *description;   /* one sentence on what is in it */
  const char *file_stem;     /* "standings": the file is "<tournament> – standings.xlsx" */
  const char *suffix;        /* ".xlsx" */
  gboolean    takes_session; /* a printout of one session (seat cards, score sheets) */
  gboolean    takes_paper;   /* a PDF printed on A4 or Letter */
  gboolean    ema_only;      /* EMA's results: for MCR and Riichi tournaments only */

  /* The writer, of one of the reports' three shapes; the others NULL. */
  gboolean (*write_file)             (const SpSnapshot  *snapshot,
                                      const char        *path,
                                      GError           **error);
  gboolean (*write_printout)         (const SpSnapshot  *snapshot,
                                      SpPaper            paper,
                                      const char        *path,
                                      GError           **error);
  gboolean (*write_session_printout) (const SpSnapshot  *snapshot,
                                      guint              session,
                                      SpPaper            paper,
                                      const char        *path,
                                      GError           **error);
} SpReportExport;

/* Every report, in the order the command line lists them; @n_exports gets their number. */
const SpReportExport *sp_report_exports               (guint                 *n_exports);
/* The report of @kind, or NULL. */
const SpReportExport *sp_report_export_find           (const char            *kind);

const char           *sp_report_export_get_title       (const SpReportExport  *export);
const char           *sp_report_export_get_description (const SpReportExport  *export);
/* Whether @export is one of @tournament's: EMA's results are MCR's and Riichi's only (EMA
 * ranks those two games). */
gboolean              sp_report_export_applies_to      (const SpReportExport  *export,
                                                        const SpTournament    *tournament);
/* The file name a report of @tournament_name gets by default, e.g. "Spring Open – standings.xlsx"
 * or "Spring Open – seating session 2.pdf" (@session is used only when the report takes one);
 * a '/' of the name is replaced, so that the result is one file name. */
char                 *sp_report_export_file_name       (const SpReportExport  *export,
                                                        const char            *tournament_name,
                                                        guint                  session);

/* Writes @export of @snapshot to @path through its writer, giving it @session and @paper when
 * it takes them.  A failed export leaves no file. */
gboolean              sp_report_export_write           (const SpReportExport  *export,
                                                        const SpSnapshot      *snapshot,
                                                        guint                  session,
                                                        SpPaper                paper,
                                                        const char            *path,
                                                        GError               **error);

G_END_DECLS
