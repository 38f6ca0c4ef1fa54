/* sp-cli-situation.c: the SITUATION options of SPEC.md §3.1 as a GOptionGroup whose callbacks
 * set the typed fields of an SpSituation.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-situation.h"

#include <glib/gi18n.h>
#include <string.h>

/* One callback for every option: the option's long name without its dashes is the field's
 * stable key, so the group and the core cannot disagree on what an option sets. */
static gboolean
situation_option_cb (const char  *option_name,
                     const char  *value,
                     gpointer     data,
                     GError     **error)
{
  SpSituation *situation = data;
  g_autoptr(GError) local_error = NULL;
  const char *key = option_name;
  const char *reason;
  gsize key_len;

  while (*key == '-')
    key++;
  if (sp_situation_set (situation, key, value, &local_error))
    return TRUE;

  /* The core names the key ("seat-wind: 'Q' is not a seat …"); say it as the option typed. */
  reason = local_error->message;
  key_len = strlen (key);
  if (strncmp (reason, key, key_len) == 0 && reason[key_len] == ':')
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--%s", reason);
  else if (value != NULL)
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--%s %s: %s"), key, value,
                 reason);
  else
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--%s: %s"), key, reason);
  return FALSE;
}

#define SWITCH(name, description) \
  { name, 0, G_OPTION_FLAG_NO_ARG, G_OPTION_ARG_CALLBACK, (gpointer) situation_option_cb, \
    description, NULL }
#define VALUE(name, description, placeholder) \
  { name, 0, 0, G_OPTION_ARG_CALLBACK, (gpointer) situation_option_cb, description, placeholder }

static const GOptionEntry situation_entries[] = {
  SWITCH ("self-drawn", N_("Won by self-draw (default: on a discard)")),
  SWITCH ("last-tile", N_("The winning tile is the last of its kind (绝张)")),
  SWITCH ("kong", N_("With --self-drawn: a replacement tile after a kong (杠上开花); without: "
                     "robbing a kong (抢杠)")),
  SWITCH ("flower-replacement",
          N_("Self-drawn replacement tile after a flower (Taiwan: 槓上開花)")),
  SWITCH ("wall-last", N_("The last tile of the wall: with --self-drawn 妙手回春/海底撈月, "
                          "without 海底捞月/河底撈魚")),
  VALUE ("seat-wind", N_("The winner's seat, E S W or N (default E)"), N_("X")),
  VALUE ("round-wind", N_("The round wind, E S W or N (default E)"), N_("X")),
  VALUE ("flowers", N_("Flowers as a count (MCR) or listed (f1–f4 春夏秋冬, f5–f8 梅蘭菊竹)"),
         N_("N|f1,f5,…")),
  VALUE ("dealer", N_("The dealer's seat (Taiwan/Guangdong settlement; default E)"), N_("X")),
  VALUE ("streak", N_("The dealer's 連莊 count"), N_("N")),
  VALUE ("discarder", N_("Who discarded the winning tile (default: the winner's 上家)"), N_("X")),
  VALUE ("base", N_("Stake: Taiwan 底 (default 30), Guangdong base (default 1)"), N_("N")),
  VALUE ("per-tai", N_("Taiwan stake per 台 (default 10)"), N_("N")),
  SWITCH ("heavenly", N_("天胡 (heavenly hand)")),
  SWITCH ("earthly", N_("地胡 (earthly hand)")),
  SWITCH ("human", N_("人胡 (human hand)")),
  SWITCH ("ready-at-deal", N_("天聽 (ready at the deal)")),
  SWITCH ("ready-first-draw", N_("地聽 (ready on the first draw)")),
  SWITCH ("riichi", N_("Riichi: the winner declared riichi (立直)")),
  SWITCH ("double-riichi", N_("Riichi: double riichi, declared on the first turn (replaces "
                              "--riichi)")),
  SWITCH ("ippatsu", N_("Riichi: won within the go-around after the riichi (一発)")),
  VALUE ("dora-indicators", N_("Riichi: the dora indicators turned, such as 4m,W (the dora is "
                               "the next tile)"), N_("T,T")),
  VALUE ("ura-indicators", N_("Riichi: the ura dora indicators (counted with riichi only)"),
         N_("T,T")),
  VALUE ("honba", N_("Riichi: counters on the table (積み棒), 300 each"), N_("N")),
  VALUE ("riichi-sticks", N_("Riichi: 1,000 sticks on the table, all to the winner"), N_("N")),
  VALUE ("liable", N_("Guangdong: the player liable for the hand.  With option bao (包牌) and a "
                      "清一色/大三元 with three melded sets, X discarded the winning tile and pays "
                      "for everyone; with four melded sets, X fed the fourth and pays half of "
                      "each other payer's share besides his own (for everyone if X also "
                      "discarded the winning tile).  Self-drawn with four melded sets "
                      "(twelve_tile_bao) or after a melded kong (杠上开花), X pays the whole "
                      "self-draw.  Without --liable nobody is liable"), N_("X")),
  { NULL }
};

#undef SWITCH
#undef VALUE

GOptionGroup *
sp_cli_situation_group_new (SpSituation *situation)
{
  GOptionGroup *group;

  g_return_val_if_fail (situation != NULL, NULL);

  group = g_option_group_new ("situation", _("SITUATION options (how the hand was won):"),
                              _("Show the SITUATION options"), situation, NULL);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  g_option_group_add_entries (group, situation_entries);
  return group;
}

GOptionGroup *
sp_cli_situation_group_new_at_table (SpSituation *situation)
{
  GOptionGroup *group;
  GOptionEntry entries[G_N_ELEMENTS (situation_entries)];
  guint n = 0;

  g_return_val_if_fail (situation != NULL, NULL);

  /* At a table, --riichi names the seats that declared riichi (the hand's own option). */
  for (guint i = 0; situation_entries[i].long_name != NULL; i++)
    if (strcmp (situation_entries[i].long_name, "riichi") != 0)
      entries[n++] = situation_entries[i];
  entries[n] = (GOptionEntry) { NULL };
  group = g_option_group_new ("situation", _("SITUATION options (how the hand was won):"),
                              _("Show the SITUATION options"), situation, NULL);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  g_option_group_add_entries (group, entries);
  return group;
}
