/* sp-reports.h: spreadsheets and printouts, one header for all of them.  Every report is drawn
 * from an SpSnapshot (never from the store) and written through a temporary file renamed into
 * place: a failed export leaves no file.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-core.h"
#include "sp-report-error.h"
#include "sp-report-file.h"
#include "sp-report-seating.h"
#include "sp-report-standings.h"
#include "sp-report-forms.h"
#include "sp-report-export.h"
#include "sp-report-printout.h"

G_BEGIN_DECLS

/* The workbook of a tournament (.xlsx): Standings, Sessions, Hands, Players, Teams, Penalties,
 * Seating, Audit, and R98's penalty record (附件4) and results summary (附件6). */
gboolean sp_report_write_xlsx           (const SpSnapshot  *snapshot,
                                         const char        *path,
                                         GError           **error);
/* The standings as CSV: UTF-8 with BOM, RFC 4180 quoting, the workbook's columns. */
gboolean sp_report_write_standings_csv  (const SpSnapshot  *snapshot,
                                         const char        *path,
                                         GError           **error);
/* EMA's results file (MCR events); refused, naming the table, when a table's EMA points in a
 * session do not total 7. */
gboolean sp_report_write_ema_xlsx       (const SpSnapshot  *snapshot,
                                         const char        *path,
                                         GError           **error);
gboolean sp_report_write_ema_csv        (const SpSnapshot  *snapshot,
                                         const char        *path,
                                         GError           **error);

/* Printouts (PDF).  @session is the session of the seat cards and score sheets. */
gboolean sp_report_write_seating_pdf     (const SpSnapshot  *snapshot,
                                          guint              session,
                                          SpPaper            paper,
                                          const char        *path,
                                          GError           **error);
gboolean sp_report_write_scoresheets_pdf (const SpSnapshot  *snapshot,
                                          guint              session,
                                          SpPaper            paper,
                                          const char        *path,
                                          GError           **error);
gboolean sp_report_write_standings_pdf   (const SpSnapshot  *snapshot,
                                          SpPaper            paper,
                                          const char        *path,
                                          GError           **error);
gboolean sp_report_write_penalties_pdf   (const SpSnapshot  *snapshot,
                                          SpPaper            paper,
                                          const char        *path,
                                          GError           **error);
gboolean sp_report_write_summary_pdf     (const SpSnapshot  *snapshot,
                                          SpPaper            paper,
                                          const char        *path,
                                          GError           **error);

G_END_DECLS
