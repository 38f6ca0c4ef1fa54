/* sp-date-row.c: an entry row for a day, typed yyyy-mm-dd or picked on a calendar.  GTK 4.8 has
 * no date picker row, so the row keeps the text (which the store checks) and a popover with a
 * GtkCalendar only helps to write it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <stdio.h>

#include "sp-core.h"
#include "sp-date-row.h"

#define CALENDAR_KEY "sp-date-row-calendar"
#define EARLIER_KEY "sp-date-row-earlier"

char *
sp_date_row_get_date (AdwEntryRow *row)
{
  char *text;

  g_return_val_if_fail (ADW_IS_ENTRY_ROW (row), NULL);

  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
  if (text[0] == '\0')
    g_clear_pointer (&text, g_free);
  return text;
}

void
sp_date_row_set_date (AdwEntryRow *row,
                      const char  *date)
{
  g_return_if_fail (ADW_IS_ENTRY_ROW (row));

  gtk_editable_set_text (GTK_EDITABLE (row), date != NULL ? date : "");
}

/* A day that is typed wrong shows at once; an empty row is no date, which is fine. */
static void
text_changed_cb (AdwEntryRow *row)
{
  g_autofree char *date = sp_date_row_get_date (row);

  if (date == NULL || sp_date_is_valid (date))
    gtk_widget_remove_css_class (GTK_WIDGET (row), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (row), "error");
}

static void
day_selected_cb (GtkCalendar *calendar,
                 AdwEntryRow *row)
{
  g_autoptr(GDateTime) day = gtk_calendar_get_date (calendar);
  g_autofree char *text = g_date_time_format (day, "%Y-%m-%d");
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (calendar), GTK_TYPE_POPOVER);

  sp_date_row_set_date (row, text);
  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
}

/* The calendar opens on the day typed, else on today. */
static void
popover_shown_cb (GtkPopover  *popover,
                  AdwEntryRow *row)
{
  GtkCalendar *calendar = g_object_get_data (G_OBJECT (row), CALENDAR_KEY);
  AdwEntryRow *earlier = g_object_get_data (G_OBJECT (row), EARLIER_KEY);
  g_autofree char *date = sp_date_row_get_date (row);
  g_autoptr(GDateTime) day = NULL;

  /* An empty last day is picked near the first. */
  if (date == NULL && earlier != NULL)
    date = sp_date_row_get_date (earlier);

  if (date != NULL && sp_date_is_valid (date))
    {
      int year, month, d;

      if (sscanf (date, "%d-%d-%d", &year, &month, &d) == 3)
        day = g_date_time_new_local (year, month, d, 0, 0, 0);
    }
  if (day == NULL)
    day = g_date_time_new_now_local ();
  g_signal_handlers_block_by_func (calendar, day_selected_cb, row);
  gtk_calendar_select_day (calendar, day);
  g_signal_handlers_unblock_by_func (calendar, day_selected_cb, row);
}

void
sp_date_row_setup (AdwEntryRow *row)
{
  GtkWidget *button;
  GtkWidget *popover;
  GtkWidget *calendar;
  const char *title;
  g_autofree char *label = NULL;

  g_return_if_fail (ADW_IS_ENTRY_ROW (row));

  calendar = gtk_calendar_new ();
  popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), calendar);
  title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  button = g_object_new (GTK_TYPE_MENU_BUTTON,
                         "icon-name", "x-office-calendar-symbolic",
                         "popover", popover,
                         "valign", GTK_ALIGN_CENTER,
                         "tooltip-text", _("Pick a Day"),
                         NULL);
  gtk_widget_add_css_class (button, "flat");
  /* Translators: the accessible name of a date row's calendar button; %s is the row's title,
   * such as "Starts". */
  label = g_strdup_printf (_("%s: Pick a Day"), title);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (calendar), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  title, -1);
  adw_entry_row_add_suffix (row, button);
  g_object_set_data (G_OBJECT (row), CALENDAR_KEY, calendar);

  g_signal_connect_object (calendar, "day-selected", G_CALLBACK (day_selected_cb), row, 0);
  g_signal_connect_object (popover, "show", G_CALLBACK (popover_shown_cb), row, 0);
  g_signal_connect (row, "changed", G_CALLBACK (text_changed_cb), NULL);
}

void
sp_date_row_follow (AdwEntryRow *row,
                    AdwEntryRow *earlier)
{
  g_return_if_fail (ADW_IS_ENTRY_ROW (row) && ADW_IS_ENTRY_ROW (earlier));

  g_object_set_data (G_OBJECT (row), EARLIER_KEY, earlier);
}
