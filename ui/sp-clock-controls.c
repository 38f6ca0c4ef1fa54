/* sp-clock-controls.c: the session clock's buttons and time left, for the Sessions page, and
 * what the clock says, for the header and the projector.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-clock-controls.h"
#include "sp-message.h"

struct _SpClockControls
{
  GtkBox parent_instance;

  SpDb *db;                           /* the view's, not owned */
  const SpTournament *tournament;     /* likewise */
  guint wanted;                       /* the session asked for; 0 the current one */
  guint session;                      /* the session the clock runs for; 0 none drawn */
  SpSessionClock clock;
  guint tick_id;

  /* Template children */
  GtkLabel *time_label;
  GtkWidget *start_button;
  GtkWidget *pause_button;
  GtkWidget *resume_button;
  GtkWidget *end_button;
  GtkWidget *length_button;
  GtkSpinButton *length_spin;
};

G_DEFINE_FINAL_TYPE (SpClockControls, sp_clock_controls, GTK_TYPE_BOX)

gint64
sp_clock_controls_now (void)
{
  return g_get_real_time () / 1000;
}

/* The clock's words for @clock of @session at @now. */
static char *
describe_clock (guint                 session,
                const SpSessionClock *clock,
                gint64                now)
{
  g_autofree char *left = sp_session_clock_format (sp_session_clock_remaining (clock, now));

  switch (sp_session_clock_get_state (clock))
    {
    case SP_SESSION_CLOCK_IDLE:
      /* TRANSLATORS: the session clock before it starts: session number, its length */
      return g_strdup_printf (_("Session %u · %s, not started"), session, left);
    case SP_SESSION_CLOCK_PAUSED:
      /* TRANSLATORS: session number, time left */
      return g_strdup_printf (_("Session %u · paused, %s left"), session, left);
    case SP_SESSION_CLOCK_ENDED:
      return g_strdup_printf (_("Session %u · clock ended"), session);
    case SP_SESSION_CLOCK_RUNNING:
    default:
      if (sp_session_clock_remaining (clock, now) == 0)
        return g_strdup_printf (_("Session %u · time is up"), session);
      /* TRANSLATORS: session number, time left (1:23:45) */
      return g_strdup_printf (_("Session %u · %s left"), session, left);
    }
}

/* The current session's clock; FALSE when none is drawn (or the store failed). */
static gboolean
read_current (SpDb               *db,
              const SpTournament *tournament,
              guint              *session,
              SpSessionClock     *clock)
{
  *session = 0;
  return sp_db_find_clock_session (db, tournament->id, session, NULL) && *session > 0
         && sp_db_get_session_clock (db, tournament, *session, clock, NULL);
}

char *
sp_clock_controls_describe (SpDb                *db,
                            const SpTournament  *tournament,
                            gint64               now,
                            SpSessionClockState *state,
                            gboolean            *warning)
{
  SpSessionClock clock;
  SpSessionInfo info = { 0 };
  guint session;

  g_return_val_if_fail (db != NULL && tournament != NULL, NULL);

  if (warning != NULL)
    *warning = FALSE;
  if (state != NULL)
    *state = SP_SESSION_CLOCK_IDLE;
  if (!read_current (db, tournament, &session, &clock))
    return NULL;
  /* The last session drawn once it is closed: its clock, however it stood, says nothing more
   * to the hall than that. */
  if (sp_db_get_session (db, tournament->id, session, &info, NULL) && info.closed)
    {
      if (state != NULL)
        *state = SP_SESSION_CLOCK_ENDED;
      /* TRANSLATORS: the session clock of a closed session; %u is its number */
      return g_strdup_printf (info.time_up ? _("Session %u · closed (time up)")
                                           : _("Session %u · closed"), session);
    }
  if (warning != NULL)
    *warning = sp_session_clock_is_warning (&clock, now);
  if (state != NULL)
    *state = sp_session_clock_get_state (&clock);
  return describe_clock (session, &clock, now);
}

void
sp_clock_controls_update (SpClockControls *self)
{
  gint64 now = sp_clock_controls_now ();
  SpSessionClockState state = SP_SESSION_CLOCK_IDLE;
  gboolean any;
  gboolean warning = FALSE;

  g_return_if_fail (SP_IS_CLOCK_CONTROLS (self));

  if (self->db == NULL || self->tournament == NULL)
    any = FALSE;
  else if (self->wanted > 0)
    {
      /* The session asked for, once it is drawn (the store refuses the clock before). */
      self->session = self->wanted;
      any = sp_db_get_session_clock (self->db, self->tournament, self->session, &self->clock,
                                     NULL);
      if (!any)
        self->session = 0;
    }
  else
    any = read_current (self->db, self->tournament, &self->session, &self->clock);
  if (any)
    {
      g_autofree char *text = describe_clock (self->session, &self->clock, now);

      state = sp_session_clock_get_state (&self->clock);
      warning = sp_session_clock_is_warning (&self->clock, now);
      gtk_label_set_label (self->time_label, text);
    }
  else
    {
      gtk_label_set_label (self->time_label, _("No session drawn"));
    }
  /* The last minutes in the warning colour, time up in the error colour. */
  if (warning && sp_session_clock_remaining (&self->clock, now) == 0)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->time_label), "warning");
      gtk_widget_add_css_class (GTK_WIDGET (self->time_label), "error");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->time_label), "error");
      if (warning)
        gtk_widget_add_css_class (GTK_WIDGET (self->time_label), "warning");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self->time_label), "warning");
    }

  gtk_widget_set_visible (self->start_button, any && state == SP_SESSION_CLOCK_IDLE);
  gtk_widget_set_visible (self->pause_button, any && state == SP_SESSION_CLOCK_RUNNING);
  gtk_widget_set_visible (self->resume_button, any && state == SP_SESSION_CLOCK_PAUSED);
  gtk_widget_set_visible (self->end_button, any && (state == SP_SESSION_CLOCK_RUNNING
                                                    || state == SP_SESSION_CLOCK_PAUSED));
  gtk_widget_set_sensitive (self->length_button, any && state != SP_SESSION_CLOCK_ENDED);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "clock.start",
                                 any && state == SP_SESSION_CLOCK_IDLE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "clock.pause",
                                 any && state == SP_SESSION_CLOCK_RUNNING);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "clock.resume",
                                 any && state == SP_SESSION_CLOCK_PAUSED);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "clock.end",
                                 any && (state == SP_SESSION_CLOCK_RUNNING
                                         || state == SP_SESSION_CLOCK_PAUSED));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "clock.set-length",
                                 any && state != SP_SESSION_CLOCK_ENDED);
}

static gboolean
tick_cb (gpointer user_data)
{
  sp_clock_controls_update (SP_CLOCK_CONTROLS (user_data));
  return G_SOURCE_CONTINUE;
}

typedef gboolean (*ClockCommand) (SpDb               *db,
                                  const SpTournament *tournament,
                                  guint               session,
                                  gint64              now,
                                  GError            **error);

static void
run_command (SpClockControls *self,
             ClockCommand     command,
             gint64           argument)
{
  g_autoptr(GError) error = NULL;

  if (self->db == NULL || self->tournament == NULL || self->session == 0)
    return;
  if (!command (self->db, self->tournament, self->session, argument, &error))
    sp_message_show_toast (GTK_WIDGET (self), error->message);
  sp_clock_controls_update (self);
}

static void
start_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  run_command (SP_CLOCK_CONTROLS (widget), sp_db_start_session_clock, sp_clock_controls_now ());
}

static void
pause_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  run_command (SP_CLOCK_CONTROLS (widget), sp_db_pause_session_clock, sp_clock_controls_now ());
}

static void
resume_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  run_command (SP_CLOCK_CONTROLS (widget), sp_db_resume_session_clock,
               sp_clock_controls_now ());
}

static void
end_activated (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  run_command (SP_CLOCK_CONTROLS (widget), sp_db_end_session_clock, sp_clock_controls_now ());
}

static void
set_length_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  SpClockControls *self = SP_CLOCK_CONTROLS (widget);

  run_command (self, sp_db_set_session_clock_length,
               60 * (gint64) gtk_spin_button_get_value_as_int (self->length_spin));
}

/* The time left runs on screen only while it is shown. */
static void
sp_clock_controls_map (GtkWidget *widget)
{
  SpClockControls *self = SP_CLOCK_CONTROLS (widget);

  GTK_WIDGET_CLASS (sp_clock_controls_parent_class)->map (widget);
  sp_clock_controls_update (self);
  if (self->tick_id == 0)
    self->tick_id = g_timeout_add_seconds (1, tick_cb, self);
}

static void
sp_clock_controls_unmap (GtkWidget *widget)
{
  SpClockControls *self = SP_CLOCK_CONTROLS (widget);

  g_clear_handle_id (&self->tick_id, g_source_remove);
  GTK_WIDGET_CLASS (sp_clock_controls_parent_class)->unmap (widget);
}

static void
sp_clock_controls_dispose (GObject *object)
{
  SpClockControls *self = SP_CLOCK_CONTROLS (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_CLOCK_CONTROLS);
  self->db = NULL;
  self->tournament = NULL;

  G_OBJECT_CLASS (sp_clock_controls_parent_class)->dispose (object);
}

static void
sp_clock_controls_class_init (SpClockControlsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_clock_controls_dispose;
  widget_class->map = sp_clock_controls_map;
  widget_class->unmap = sp_clock_controls_unmap;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-clock-controls.ui");
  gtk_widget_class_bind_template_child (widget_class, SpClockControls, time_label);
  gtk_widget_class_bind_template_child (widget_class, SpClockControls, start_button);
  gtk_widget_class_bind_template_child (widget_class, SpClockControls, pause_button);
  gtk_widget_class_bind_template_child (widget_class, SpClockControls, resume_button);
  gtk_widget_class_bind_template_child (widget_class, SpClockControls, end_button);
  gtk_widget_class_bind_template_child (widget_class, SpClockControls, length_button);
  gtk_widget_class_bind_template_child (widget_class, SpClockControls, length_spin);

  gtk_widget_class_install_action (widget_class, "clock.start", NULL, start_activated);
  gtk_widget_class_install_action (widget_class, "clock.pause", NULL, pause_activated);
  gtk_widget_class_install_action (widget_class, "clock.resume", NULL, resume_activated);
  gtk_widget_class_install_action (widget_class, "clock.end", NULL, end_activated);
  gtk_widget_class_install_action (widget_class, "clock.set-length", NULL,
                                   set_length_activated);
}

static void
sp_clock_controls_init (SpClockControls *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  sp_clock_controls_update (self);
}

/**
 * sp_clock_controls_load:
 * @self: the controls
 * @db: the store
 * @tournament: the tournament, which with @db must outlive the controls' use of them
 *
 * Shows the clock of @tournament's current session (the first drawn session still open),
 * or of the session sp_clock_controls_set_session () asked for.
 */
void
sp_clock_controls_load (SpClockControls    *self,
                        SpDb               *db,
                        const SpTournament *tournament)
{
  g_return_if_fail (SP_IS_CLOCK_CONTROLS (self));

  if (tournament != self->tournament)
    self->wanted = 0;
  self->db = db;
  self->tournament = tournament;
  sp_clock_controls_update (self);
  if (self->session > 0)
    gtk_spin_button_set_value (self->length_spin, (double) (self->clock.length / 60));
}

/**
 * sp_clock_controls_set_session:
 * @self: the controls
 * @session: the session whose clock to show and run, 1-based; 0 the current session
 *
 * Shows and runs the clock of @session, e.g. the one selected on the Sessions page: the
 * controls never act on a session other than the one they name.
 */
void
sp_clock_controls_set_session (SpClockControls *self,
                               guint            session)
{
  g_return_if_fail (SP_IS_CLOCK_CONTROLS (self));

  self->wanted = session;
  sp_clock_controls_update (self);
  if (self->session > 0)
    gtk_spin_button_set_value (self->length_spin, (double) (self->clock.length / 60));
}
