/* sp-message.c: what the pages tell a person (a toast) and ask before a step that cannot be
 * taken back (a confirmation), and the names a screen reader says for its controls.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-message.h"

/**
 * sp_message_show_toast:
 * @widget: a widget inside the window's toast overlay
 * @message: what to tell
 *
 * Shows @message in the toast overlay @widget is in; outside one (a widget not yet in a
 * window) it is logged as a warning instead, so that it is not lost.
 */
void
sp_message_show_toast (GtkWidget  *widget,
                       const char *message)
{
  GtkWidget *overlay;

  g_return_if_fail (GTK_IS_WIDGET (widget) && message != NULL);

  overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (message));
  else
    g_warning ("%s", message);
}

/**
 * sp_message_add_destructive:
 * @dialog: a confirmation
 * @response: the id of the step asked about ("delete")
 * @label: its button's label, translated, with its mnemonic ("_Delete")
 *
 * Offers "Cancel" and the destructive @response; Cancel is the default, and what Escape and
 * closing the dialog choose, so that nothing is lost by a stray key.
 */
void
sp_message_add_destructive (AdwMessageDialog *dialog,
                            const char       *response,
                            const char       *label)
{
  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog) && response != NULL && label != NULL);

  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), response, label, NULL);
  adw_message_dialog_set_response_appearance (dialog, response, ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
}

/* ---- accessible names ------------------------------------------------------------------- */

/* Set on a widget whose accessible name was given by sp_accessible_set_label. */
#define NAMED_KEY "sp-accessible-named"
/* Set on a button whose name follows its label. */
#define WATCHED_KEY "sp-accessible-watched"

/* GTK 4.8 names a widget by its label property followed by the labels of its labelled-by
 * relation.  A button labelled with a mnemonic gets both: its label property is the label as
 * written ("_Create") and its label, whose mnemonic widget it is, names it too, so that it
 * reads "_Create Create".  The relation goes, and the label property says what is shown. */
static void
give_name (GtkWidget  *widget,
           const char *label)
{
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

/**
 * sp_accessible_set_label:
 * @widget: a control
 * @label: its name as a person reads it, translated
 *
 * Makes @label the whole of @widget's accessible name, whatever labels it has, and keeps it
 * when the widget's label changes.
 */
void
sp_accessible_set_label (GtkWidget  *widget,
                         const char *label)
{
  g_return_if_fail (GTK_IS_WIDGET (widget) && label != NULL);

  g_object_set_data (G_OBJECT (widget), NAMED_KEY, GINT_TO_POINTER (TRUE));
  give_name (widget, label);
}

/* "_Save" as it reads, "Save"; a doubled underscore is one shown. */
static char *
without_mnemonic (const char *label)
{
  GString *text = g_string_new (NULL);

  for (const char *c = label; *c != '\0'; c++)
    {
      if (*c == '_')
        {
          if (c[1] != '_')
            continue;
          c++;
        }
      g_string_append_c (text, *c);
    }
  return g_string_free (text, FALSE);
}

/* A button or a check button (GtkCheckButton is not a GtkButton). */
static gboolean
is_labelled_button (gpointer widget)
{
  return GTK_IS_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget);
}

static void
name_button (GtkWidget *button)
{
  const char *label;
  gboolean underline;
  g_autofree char *text = NULL;

  if (GTK_IS_CHECK_BUTTON (button))
    {
      label = gtk_check_button_get_label (GTK_CHECK_BUTTON (button));
      underline = gtk_check_button_get_use_underline (GTK_CHECK_BUTTON (button));
    }
  else
    {
      label = gtk_button_get_label (GTK_BUTTON (button));
      underline = gtk_button_get_use_underline (GTK_BUTTON (button));
    }
  if (label == NULL || !underline || g_object_get_data (G_OBJECT (button), NAMED_KEY) != NULL)
    return;
  text = without_mnemonic (label);
  give_name (button, text);
}

static void
watch_button (GObject *button)
{
  if (g_object_get_data (button, WATCHED_KEY) != NULL)
    return;
  g_object_set_data (button, WATCHED_KEY, GINT_TO_POINTER (TRUE));
  g_signal_connect (button, "notify::label", G_CALLBACK (name_button), NULL);
  g_signal_connect (button, "notify::use-underline", G_CALLBACK (name_button), NULL);
}

static void
name_buttons_under (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (is_labelled_button (child))
        {
          watch_button (G_OBJECT (child));
          name_button (child);
        }
      name_buttons_under (child);
    }
}

/* Every button is named as it is first shown, and again when its label changes. */
static gboolean
button_mapped_hook (GSignalInvocationHint *hint,
                    guint                  n_values,
                    const GValue          *values,
                    gpointer               user_data)
{
  GObject *object = g_value_get_object (&values[0]);

  /* A window shown names the buttons of its pages not shown yet, which a screen reader can
   * already list. */
  if (GTK_IS_ROOT (object))
    name_buttons_under (GTK_WIDGET (object));
  if (!is_labelled_button (object))
    return TRUE;
  watch_button (object);
  name_button (GTK_WIDGET (object));
  return TRUE;
}

/**
 * sp_accessible_install_names:
 *
 * From now on (it is done once), every button labelled with a mnemonic, the app's own and
 * those libadwaita makes (a message dialog's responses), is named as a person reads it:
 * "Create", where GTK 4.8 would say "_Create Create".
 */
void
sp_accessible_install_names (void)
{
  static gsize installed = 0;

  if (g_once_init_enter (&installed))
    {
      g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0,
                                  button_mapped_hook, NULL, NULL);
      g_once_init_leave (&installed, 1);
    }
}
