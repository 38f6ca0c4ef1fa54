/* sp-report-export.c: the table of the reports a tournament can be exported as.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-report-export.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sp-reports.h"

static const SpReportExport exports[] = {
  /* The report kinds, one line each (SPEC.md §3.3), in the order `sparrow-cli export` lists. */
  { "xlsx", N_("Standings Workbook (.xlsx)"),
    N_("Standings, sessions, hands, players, teams, penalties, seating and the audit log"),
    N_("standings"), ".xlsx", FALSE, FALSE, FALSE, sp_report_write_xlsx, NULL, NULL },
  { "csv", N_("Standings (.csv)"),
    N_("The standings as a comma-separated table for any spreadsheet"),
    N_("standings"), ".csv", FALSE, FALSE, FALSE, sp_report_write_standings_csv, NULL, NULL },
  { "ema", N_("EMA Results (.xlsx)"),
    N_("The results file the European Mahjong Association ranks from"),
    N_("EMA results"), ".xlsx", FALSE, FALSE, TRUE, sp_report_write_ema_xlsx, NULL, NULL },
  { "ema-csv", N_("EMA Results (.csv)"),
    N_("The EMA results as a comma-separated table"),
    N_("EMA results"), ".csv", FALSE, FALSE, TRUE, sp_report_write_ema_csv, NULL, NULL },
  { "pdf-seating", N_("Seating (.pdf)"),
    N_("A session's table cards, entrance list and players' schedules"),
    N_("seating"), ".pdf", TRUE, TRUE, FALSE, NULL, NULL, sp_report_write_seating_pdf },
  { "pdf-standings", N_("Standings (.pdf)"),
    N_("The standings, ready to print or pin up"),
    N_("standings"), ".pdf", FALSE, TRUE, FALSE, NULL, sp_report_write_standings_pdf, NULL },
  { "pdf-scoresheets", N_("Score Sheets (.pdf)"),
    N_("A session's score sheets, one per table, with the players' names"),
    N_("score sheets"), ".pdf", TRUE, TRUE, FALSE, NULL, NULL, sp_report_write_scoresheets_pdf },
  { "pdf-penalties", N_("Penalty Record (.pdf)"),
    N_("Every penalty of the tournament on the referees' form"),
    N_("penalties"), ".pdf", FALSE, TRUE, FALSE, NULL, sp_report_write_penalties_pdf, NULL },
  { "pdf-summary", N_("Results Summary (.pdf)"),
    N_("Each player's sessions, table points and rank on one form"),
    N_("results summary"), ".pdf", FALSE, TRUE, FALSE, NULL, sp_report_write_summary_pdf, NULL },
};

const SpReportExport *
sp_report_exports (guint *n_exports)
{
  g_return_val_if_fail (n_exports != NULL, NULL);

  *n_exports = G_N_ELEMENTS (exports);
  return exports;
}

const SpReportExport *
sp_report_export_find (const char *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (exports); i++)
    if (strcmp (exports[i].kind, kind) == 0)
      return &exports[i];
  return NULL;
}

const char *
sp_report_export_get_title (const SpReportExport *export)
{
  g_return_val_if_fail (export != NULL, NULL);

  return _(export->title);
}

const char *
sp_report_export_get_description (const SpReportExport *export)
{
  g_return_val_if_fail (export != NULL, NULL);

  return _(export->description);
}

gboolean
sp_report_export_applies_to (const SpReportExport *export,
                             const SpTournament   *tournament)
{
  g_return_val_if_fail (export != NULL && tournament != NULL, FALSE);

  return !export->ema_only || sp_ruleset_traits (tournament->ruleset)->ema_results;
}

char *
sp_report_export_file_name (const SpReportExport *export,
                            const char           *tournament_name,
                            guint                 session)
{
  g_autofree char *stem = NULL;
  char *name;

  g_return_val_if_fail (export != NULL && tournament_name != NULL, NULL);

  if (export->takes_session)
    /* Translators: a file name: the tournament, the report ("seating") and the session. */
    stem = g_strdup_printf (_("%s – %s session %u"), tournament_name, _(export->file_stem),
                            session);
  else
    /* Translators: a file name: the tournament and the report ("standings"). */
    stem = g_strdup_printf (_("%s – %s"), tournament_name, _(export->file_stem));
  /* A name is one file: its slashes (and a leading dot, which would hide it) are replaced. */
  g_strdelimit (stem, "/\\", '-');
  if (stem[0] == '.')
    stem[0] = '_';
  name = g_strconcat (stem, export->suffix, NULL);
  return name;
}

gboolean
sp_report_export_write (const SpReportExport  *export,
                        const SpSnapshot      *snapshot,
                        guint                  session,
                        SpPaper                paper,
                        const char            *path,
                        GError               **error)
{
  g_return_val_if_fail (export != NULL && snapshot != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (export->write_session_printout != NULL)
    return export->write_session_printout (snapshot, session, paper, path, error);
  if (export->write_printout != NULL)
    return export->write_printout (snapshot, paper, path, error);
  return export->write_file (snapshot, path, error);
}
