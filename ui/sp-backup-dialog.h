/* sp-backup-dialog.h: the main menu's Back Up… and Restore…: a copy of the database to a file
 * a person chooses, and the database replaced by an automatic backup or a chosen file.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-window.h"

G_BEGIN_DECLS

#define SP_TYPE_RESTORE_DIALOG (sp_restore_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SpRestoreDialog, sp_restore_dialog, SP, RESTORE_DIALOG, AdwWindow)

/* Asks where to write a backup of @window's database, then writes it on a worker thread. */
void             sp_backup_dialog_back_up (SpWindow   *window);
/* The automatic backups of @window's database, newest first, and "Choose File…". */
SpRestoreDialog *sp_restore_dialog_new    (SpWindow   *window);
/* Restores @path over @window's database after the confirmation (as choosing it does). */
void             sp_restore_dialog_choose (SpRestoreDialog *self,
                                           const char      *path,
                                           const char      *label);

G_END_DECLS
