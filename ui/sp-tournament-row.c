/* sp-tournament-row.c: one tournament of the store as an item of the window's list models.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-tournament-row.h"

/* The row keeps what the list shows, read once from the store: the list is rebuilt when the
 * store changes, so the row's properties never change after it is made. */
struct _SpTournamentRow
{
  GObject parent_instance;

  gint64 id;
  char *name;
  char *rules;
  guint sessions;
  guint players;
  char *venue;
  char *dates;    /* the first and last day as shown, "" when not said */
  char *starts;   /* the first day, yyyy-mm-dd (which sorts as text), "" when not said */
};

G_DEFINE_FINAL_TYPE (SpTournamentRow, sp_tournament_row, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_RULES,
  PROP_SESSIONS,
  PROP_PLAYERS,
  PROP_VENUE,
  PROP_DATES,
  PROP_STARTS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
sp_tournament_row_finalize (GObject *object)
{
  SpTournamentRow *self = SP_TOURNAMENT_ROW (object);

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->rules, g_free);
  g_clear_pointer (&self->venue, g_free);
  g_clear_pointer (&self->dates, g_free);
  g_clear_pointer (&self->starts, g_free);

  G_OBJECT_CLASS (sp_tournament_row_parent_class)->finalize (object);
}

static void
sp_tournament_row_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  SpTournamentRow *self = SP_TOURNAMENT_ROW (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, self->id);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_RULES:
      g_value_set_string (value, self->rules);
      break;

    case PROP_SESSIONS:
      g_value_set_uint (value, self->sessions);
      break;

    case PROP_PLAYERS:
      g_value_set_uint (value, self->players);
      break;

    case PROP_VENUE:
      g_value_set_string (value, self->venue);
      break;

    case PROP_DATES:
      g_value_set_string (value, self->dates);
      break;

    case PROP_STARTS:
      g_value_set_string (value, self->starts);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sp_tournament_row_class_init (SpTournamentRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = sp_tournament_row_finalize;
  object_class->get_property = sp_tournament_row_get_property;

  /**
   * SpTournamentRow:id:
   *
   * The tournament's id in the store, to open its pages.
   */
  properties[PROP_ID] =
    g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * SpTournamentRow:name:
   *
   * The tournament's name as the director typed it (stored data, never translated).
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * SpTournamentRow:rules:
   *
   * The ruleset, in the reader's language, with its profile: "MCR (cn)".
   */
  properties[PROP_RULES] =
    g_param_spec_string ("rules", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * SpTournamentRow:sessions:
   *
   * How many sessions the tournament has.
   */
  properties[PROP_SESSIONS] =
    g_param_spec_uint ("sessions", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * SpTournamentRow:players:
   *
   * How many players take part (registered and not withdrawn).
   */
  properties[PROP_PLAYERS] =
    g_param_spec_uint ("players", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * SpTournamentRow:venue:
   *
   * Where the event is held, as the director typed it; "" when not said.
   */
  properties[PROP_VENUE] =
    g_param_spec_string ("venue", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * SpTournamentRow:dates:
   *
   * The first and last day as the list shows them ("2026-05-01 – 2026-05-03", one day alone
   * for a one-day event); "" when not said.
   */
  properties[PROP_DATES] =
    g_param_spec_string ("dates", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * SpTournamentRow:starts:
   *
   * The first day, yyyy-mm-dd, for sorting by date; "" when not said.
   */
  properties[PROP_STARTS] =
    g_param_spec_string ("starts", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
sp_tournament_row_init (SpTournamentRow *self)
{
}

/**
 * sp_tournament_row_new:
 * @tournament: a tournament read from the store
 * @n_players: how many players take part in it
 *
 * Returns: (transfer full): a row showing @tournament.
 */
SpTournamentRow *
sp_tournament_row_new (const SpTournament *tournament,
                       guint               n_players)
{
  SpTournamentRow *self;

  g_return_val_if_fail (tournament != NULL, NULL);

  self = g_object_new (SP_TYPE_TOURNAMENT_ROW, NULL);
  self->id = tournament->id;
  self->name = g_strdup (tournament->name);
  /* The profile is the rules' own short name (cn, r98, tw, gd), as the director chose it. */
  if (tournament->profile != NULL && tournament->profile[0] != '\0')
    {
      /* Translators: a ruleset and the profile of its rules, as in "MCR (cn)". */
      self->rules = g_strdup_printf (C_("ruleset and profile", "%s (%s)"),
                                     sp_ruleset_short_title (tournament->ruleset),
                                     tournament->profile);
    }
  else
    {
      self->rules = g_strdup (sp_ruleset_short_title (tournament->ruleset));
    }
  self->sessions = tournament->n_sessions;
  self->players = n_players;
  self->venue = g_strdup (tournament->venue != NULL ? tournament->venue : "");
  self->starts = g_strdup (tournament->starts_on != NULL ? tournament->starts_on : "");
  /* The days as stored, year-month-day: the same in every language, as players from many
   * countries read them. */
  if (tournament->starts_on != NULL && tournament->ends_on != NULL
      && g_strcmp0 (tournament->starts_on, tournament->ends_on) != 0)
    /* Translators: the first and the last day of an event, each written 2026-05-01. */
    self->dates = g_strdup_printf (C_("date range", "%s – %s"), tournament->starts_on,
                                   tournament->ends_on);
  else
    self->dates = g_strdup (self->starts);
  return self;
}

gint64
sp_tournament_row_get_id (SpTournamentRow *self)
{
  g_return_val_if_fail (SP_IS_TOURNAMENT_ROW (self), 0);

  return self->id;
}

const char *
sp_tournament_row_get_name (SpTournamentRow *self)
{
  g_return_val_if_fail (SP_IS_TOURNAMENT_ROW (self), NULL);

  return self->name;
}

const char *
sp_tournament_row_get_rules (SpTournamentRow *self)
{
  g_return_val_if_fail (SP_IS_TOURNAMENT_ROW (self), NULL);

  return self->rules;
}

guint
sp_tournament_row_get_sessions (SpTournamentRow *self)
{
  g_return_val_if_fail (SP_IS_TOURNAMENT_ROW (self), 0);

  return self->sessions;
}

guint
sp_tournament_row_get_players (SpTournamentRow *self)
{
  g_return_val_if_fail (SP_IS_TOURNAMENT_ROW (self), 0);

  return self->players;
}

const char *
sp_tournament_row_get_venue (SpTournamentRow *self)
{
  g_return_val_if_fail (SP_IS_TOURNAMENT_ROW (self), NULL);

  return self->venue;
}

const char *
sp_tournament_row_get_dates (SpTournamentRow *self)
{
  g_return_val_if_fail (SP_IS_TOURNAMENT_ROW (self), NULL);

  return self->dates;
}
