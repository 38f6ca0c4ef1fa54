/* sp-cli-store.h: the open store and the tournament a command of sparrow-cli acts on.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-cli.h"
#include "sp-core.h"
#include "sp-db.h"

G_BEGIN_DECLS

/* The open store, with the tournament the command acts on and its rules. */
typedef struct
{
  SpDb         *db;
  SpTournament *tournament;
  const SpRules *rules;     /* the tournament's, read with it */
} SpCliStore;

/* Opens the store and, if @need_tournament, finds the tournament the command acts on
 * (--tournament, else the latest); on failure reports it, leaves @store cleared and sets
 * *@status. */
gboolean sp_cli_store_open   (SpCli        *cli,
                              SpCliStore   *store,
                              gboolean      need_tournament,
                              int          *status);
void     sp_cli_store_clear  (SpCliStore   *store);
/* Rolls back (@store may be NULL), then reports @error with the exit status of its kind:
 * storage errors 3, refusals 1. */
int      sp_cli_store_fail   (SpCli        *cli,
                              SpCliStore   *store,
                              const GError *error);

/* The --pin option of a command the director's lock protects. */
GOptionEntry sp_cli_pin_entry    (char        **pin);
/* The PIN a protected command was given: @pin (its --pin), else $SPARROW_PIN, else NULL. */
const char  *sp_cli_pin_given    (const char   *pin);
/* When the command was given a PIN, unlocks @store's connection for its tournament with it
 * (sp_db_unlock, logged as @action, the command's name); a wrong PIN is reported, after the
 * store's wait, with exit status 1.  No PIN given: TRUE, and the store itself refuses a
 * protected change of a locked tournament. */
gboolean     sp_cli_store_unlock (SpCli        *cli,
                                  SpCliStore   *store,
                                  const char   *pin,
                                  const char   *action,
                                  int          *status);

/* A command's store is g_auto(SpCliStore): closed however the command ends. */
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SpCliStore, sp_cli_store_clear)


G_END_DECLS
