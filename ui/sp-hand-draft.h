/* sp-hand-draft.h: a hand being typed, kept in a small file while the hand dialog is open so
 * that a crash of the app does not lose it: offered back at the next start.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-core.h"

G_BEGIN_DECLS

typedef struct
{
  char   *database;    /* the database file's path */
  gint64  tournament;
  guint   session;
  guint   table;
  guint   hand;        /* the hand's number at its table */
  gint64  hand_id;     /* the hand corrected, 0 for a new one */
  char   *entry_key;   /* a new hand's key (SpHandEntry.key), or NULL */
  gint    winner;      /* SpWind, or SP_HAND_ENTRY_UNSAID */
  gint    from;        /* SpWind, SP_HAND_ENTRY_SELF_DRAWN or SP_HAND_ENTRY_UNSAID */
  char   *tiles;       /* as typed */
  char   *situation;   /* the toggles and flowers, sp_situation_to_string's form */
  char   *total;       /* as typed, for a hand given by its total */
  guint8  riichi;      /* Riichi: the seats that declared riichi, bit s for seat wind s */
  guint8  tenpai;      /* Riichi: the seats marked tenpai for a draw */
  SpHandValue value;   /* Riichi: the han and fu (or yakuman) typed without tiles; all 0 if none */
  guint   n_also;      /* Riichi: the further winners on the discard, by seat and value */
  struct
  {
    gint        seat;  /* SpWind */
    SpHandValue value;
  } also[SP_HAND_ENTRY_MAX_ALSO];
  gint64  saved;       /* when it was written, seconds since 1970 */
  char   *path;        /* the draft's own file */
} SpHandDraft;

void         sp_hand_draft_free   (SpHandDraft  *draft);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpHandDraft, sp_hand_draft_free)

/* The folder of the drafts: $XDG_STATE_HOME/sparrow/drafts. */
char        *sp_hand_draft_folder (void);
/* The draft file of one table of one database (one draft a table). */
char        *sp_hand_draft_path   (const char   *database,
                                   gint64        tournament,
                                   guint         session,
                                   guint         table);
/* Writes @draft to its file (from its database, tournament, session and table) at once and
 * atomically, mode 0600; sets @draft->path and ->saved. */
gboolean     sp_hand_draft_save   (SpHandDraft  *draft,
                                   GError      **error);
SpHandDraft *sp_hand_draft_load   (const char   *path,
                                   GError      **error);
/* The drafts of @database (SpHandDraft), newest first; unreadable files are skipped. */
GPtrArray   *sp_hand_draft_list   (const char   *database);
void         sp_hand_draft_remove (const char   *path);

/* Offers the drafts of @window's database back, one after the other: Resume opens the table
 * and its hand dialog filled in; Discard deletes the draft.  @window is an SpWindow. */
void         sp_hand_draft_offer  (GtkWindow    *window);

G_END_DECLS
