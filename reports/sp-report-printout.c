/* sp-report-printout.c: the printouts of the app's print dialog, over the reports' drawing.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-report-printout.h"

#include <glib/gi18n-lib.h>

#include "sp-report-error.h"
#include "sp-reports.h"

static const SpPrintoutInfo printouts[SP_N_PRINTOUTS] = {
  { SP_PRINTOUT_TABLE_CARDS, N_("Table Cards"), N_("table cards"), TRUE, FALSE },
  { SP_PRINTOUT_ENTRANCE_LIST, N_("Entrance List"), N_("entrance list"), TRUE, FALSE },
  { SP_PRINTOUT_SCORESHEETS, N_("Score Sheets"), N_("score sheets"), TRUE, TRUE },
  { SP_PRINTOUT_STANDINGS, N_("Standings"), N_("standings"), FALSE, FALSE },
  { SP_PRINTOUT_PENALTIES, N_("Penalty Record"), N_("penalties"), FALSE, TRUE },
  { SP_PRINTOUT_SUMMARY, N_("Results Summary"), N_("results summary"), FALSE, TRUE },
};

struct _SpPrintout
{
  const SpPrintoutInfo *info;
  const SpSnapshot     *snapshot;
  guint                 session;
  SpSeatingPrint       *seating;    /* table cards, entrance list */
  SpStandingsPrint     *standings;
  guint                 n_tables;   /* score sheets */
};

const SpPrintoutInfo *
sp_printout_info_get (SpPrintoutKind kind)
{
  g_return_val_if_fail (kind < SP_N_PRINTOUTS, NULL);

  return &printouts[kind];
}

const char *
sp_printout_info_get_title (const SpPrintoutInfo *info)
{
  g_return_val_if_fail (info != NULL, NULL);

  return _(info->title);
}

SpPrintout *
sp_printout_new (SpPrintoutKind     kind,
                 const SpSnapshot  *snapshot,
                 guint              session,
                 GError           **error)
{
  g_autoptr(SpPrintout) printout = NULL;

  g_return_val_if_fail (kind < SP_N_PRINTOUTS && snapshot != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  printout = g_new0 (SpPrintout, 1);
  printout->info = &printouts[kind];
  printout->snapshot = snapshot;
  printout->session = session;
  switch (kind)
    {
    case SP_PRINTOUT_TABLE_CARDS:
    case SP_PRINTOUT_ENTRANCE_LIST:
      printout->seating = sp_seating_print_new (snapshot, session, error);
      if (printout->seating == NULL)
        return NULL;
      break;
    case SP_PRINTOUT_SCORESHEETS:
      {
        const SpSessionSnapshot *drawn = sp_snapshot_find_session (snapshot, session);

        if (drawn == NULL || drawn->n_tables == 0)
          {
            g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED,
                         _("Session %u has no seating yet: draw it before printing its score "
                           "sheets."), session);
            return NULL;
          }
        printout->n_tables = drawn->n_tables;
      }
      break;
    case SP_PRINTOUT_STANDINGS:
      printout->standings = sp_standings_print_new (snapshot);
      break;
    case SP_PRINTOUT_PENALTIES:
    case SP_PRINTOUT_SUMMARY:
    case SP_N_PRINTOUTS:
    default:
      break;
    }
  return g_steal_pointer (&printout);
}

void
sp_printout_free (SpPrintout *printout)
{
  if (printout == NULL)
    return;
  g_clear_pointer (&printout->seating, sp_seating_print_free);
  g_clear_pointer (&printout->standings, sp_standings_print_free);
  g_free (printout);
}

gboolean
sp_printout_is_landscape (SpPrintout *printout)
{
  g_return_val_if_fail (printout != NULL, FALSE);

  return printout->info->landscape;
}

char *
sp_printout_get_name (SpPrintout *printout)
{
  const char *tournament;

  g_return_val_if_fail (printout != NULL, NULL);

  tournament = printout->snapshot->tournament->name;

  if (printout->info->takes_session)
    /* Translators: a document's name: the tournament, the printout and the session. */
    return g_strdup_printf (_("%s – %s session %u"), tournament, _(printout->info->file_stem),
                            printout->session);
  /* Translators: a document's name: the tournament and the printout ("standings"). */
  return g_strdup_printf (_("%s – %s"), tournament, _(printout->info->file_stem));
}

guint
sp_printout_paginate (SpPrintout *printout,
                      double      width,
                      double      height)
{
  g_return_val_if_fail (printout != NULL, 0);

  switch (printout->info->kind)
    {
    case SP_PRINTOUT_TABLE_CARDS:
      sp_seating_print_paginate (printout->seating, width, height);
      return sp_seating_print_n_cards (printout->seating);
    case SP_PRINTOUT_ENTRANCE_LIST:
      sp_seating_print_paginate (printout->seating, width, height);
      return sp_seating_print_n_list_pages (printout->seating);
    case SP_PRINTOUT_SCORESHEETS:
      return printout->n_tables;
    case SP_PRINTOUT_STANDINGS:
      return sp_standings_print_paginate (printout->standings, width, height);
    case SP_PRINTOUT_PENALTIES:
      return sp_penalty_record_n_pages (printout->snapshot);
    case SP_PRINTOUT_SUMMARY:
      return sp_results_summary_n_pages (printout->snapshot);
    case SP_N_PRINTOUTS:
    default:
      g_return_val_if_reached (0);
    }
}

void
sp_printout_draw_page (cairo_t  *cr,
                       guint     page,
                       double    width,
                       double    height,
                       gpointer  data)
{
  SpPrintout *printout = data;

  switch (printout->info->kind)
    {
    case SP_PRINTOUT_TABLE_CARDS:
      sp_seating_print_draw_card (printout->seating, cr, page, width, height);
      break;
    case SP_PRINTOUT_ENTRANCE_LIST:
      sp_seating_print_draw_list (printout->seating, cr, page, width, height);
      break;
    case SP_PRINTOUT_SCORESHEETS:
      sp_scoresheet_draw (cr, printout->snapshot, printout->session, page + 1, width, height);
      break;
    case SP_PRINTOUT_STANDINGS:
      sp_standings_print_draw_page (cr, page, width, height, printout->standings);
      break;
    case SP_PRINTOUT_PENALTIES:
      sp_penalty_record_draw_page (cr, printout->snapshot, page, width, height);
      break;
    case SP_PRINTOUT_SUMMARY:
      sp_results_summary_draw_page (cr, printout->snapshot, page, width, height);
      break;
    case SP_N_PRINTOUTS:
    default:
      g_return_if_reached ();
    }
}
