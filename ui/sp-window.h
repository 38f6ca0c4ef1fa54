/* sp-window.h: the main window of the desktop app.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_WINDOW (sp_window_get_type ())

G_DECLARE_FINAL_TYPE (SpWindow, sp_window, SP, WINDOW, AdwApplicationWindow)

SpWindow   *sp_window_new                 (GtkApplication *application,
                                           const char     *database_path,
                                           SpDb           *db);
const char *sp_window_get_database_path   (SpWindow       *self);
SpDb       *sp_window_get_database        (SpWindow       *self);
void        sp_window_show_database_error (SpWindow       *self,
                                           const GError   *error);
gboolean    sp_window_is_opening          (SpWindow       *self);
/* The window's settings, or NULL when the schema is not installed. */
GSettings  *sp_window_get_settings        (SpWindow       *self);
/* Works on the store at @location from now on (a hall's server, with the @password of its
 * user, or NULL), once it is open: the server is connected to in the main loop, and the window
 * keeps its store and pages until then, or when it fails or @cancellable stops it.
 * sp_window_connect_finish () says which, with why. */
void        sp_window_connect             (SpWindow            *self,
                                           const char          *location,
                                           const char          *password,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
gboolean    sp_window_connect_finish      (SpWindow            *self,
                                           GAsyncResult        *result,
                                           GError             **error);
void        sp_window_add_toast           (SpWindow       *self,
                                           const char     *message);
void        sp_window_reload              (SpWindow       *self);
gboolean    sp_window_open_table          (SpWindow       *self,
                                           gint64          tournament,
                                           guint           session,
                                           guint           table);

G_END_DECLS
