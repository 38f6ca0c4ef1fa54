/* sp-cli-export.c: `sparrow-cli export KIND FILE [--session K] [--paper a4|letter]`: the
 * tournament's snapshot written by one report of reports/.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"
#include "sp-reports.h"

#include <glib/gi18n.h>
#include <stdio.h>

static char *
kinds_list (void)
{
  guint n_exports;
  const SpReportExport *exports = sp_report_exports (&n_exports);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n_exports; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? "|" : "", exports[i].kind);
  return g_string_free (out, FALSE);
}

int
sp_cli_export (SpCli  *cli,
               int     argc,
               char  **argv)
{
  gint64 session = 0;
  g_autofree char *paper_name = NULL;
  g_autofree char *kinds = kinds_list ();
  g_autofree char *parameter = g_strdup_printf ("%s FILE", kinds);
  const GOptionEntry entries[] = {
    sp_cli_session_entry (&session, N_("The session of seat cards and score sheets")),
    { "paper", 0, 0, G_OPTION_ARG_STRING, &paper_name,
      N_("The paper of a PDF: a4 (the default) or letter"), N_("a4|letter") },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, parameter, entries,
                        _("Writes the tournament's standings, workbook or printouts.  A failed "
                          "export leaves no file."));
  g_autoptr(SpSnapshot) snapshot = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *date = NULL;
  g_auto(SpCliStore) store = { 0 };
  const SpReportExport *export;
  SpPaper paper = SP_PAPER_A4;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 2, _("KIND FILE"), &status)
      || !sp_cli_check_range (cli, "session", session, 0, 1000, &status))
    return status;
  if ((export = sp_report_export_find (argv[1])) == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("unknown report '%s' (%s)"), argv[1],
                        kinds);
  if (paper_name != NULL && !sp_paper_from_string (paper_name, &paper))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("--paper: '%s' is not a4 or letter"),
                        paper_name);
  if (export->takes_session && session == 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("export %s needs --session K"),
                        export->kind);
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (session > 0 && !sp_db_check_session (store.tournament, (guint) session, &error))
    return sp_cli_store_fail (cli, &store, error);
  now = g_date_time_new_now_local ();
  date = g_date_time_format (now, "%Y-%m-%d");
  snapshot = sp_db_load_snapshot (store.db, store.tournament, date, &error);
  if (snapshot == NULL)
    return sp_cli_store_fail (cli, &store, error);
  if (!sp_report_export_write (export, snapshot, (guint) session, paper, argv[2], &error))
    {
      /* A report that cannot be written is a storage fault; one refused (EMA's totals) not. */
      status = error->domain == SP_REPORT_ERROR && error->code == SP_REPORT_ERROR_IO
               ? SP_CLI_STORAGE : SP_CLI_REFUSED;
      return sp_cli_fail (cli, status,
                          status == SP_CLI_STORAGE ? "storage" : "invalid", "%s",
                          error->message);
    }
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, "export", export->kind);
      sp_cli_builder_string (builder, "file", argv[2]);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else
    printf (_("%s written to %s\n"), export->kind, argv[2]);
  return SP_CLI_OK;
}
