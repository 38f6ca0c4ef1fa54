/* bench-xlsx.c: the workbook (all ten sheets) of a synthetic MCR tournament, 1,000 players ×
 * 10 sessions × 16 hands (250 tables a session, 40,000 hands of 3 to 7 items, about five as a
 * real event's, an audit entry for every hand), built as a snapshot in memory as the store's
 * would be (with every player's result in every session) and written with sp_report_write_xlsx;
 * then the standings CSV.  The whole export from a store, as sparrow-cli runs it, is timed by
 * bench-export-xlsx.py.
 * Prints the median of 5 writes of the workbook in CPU time (and its user part, and wall time)
 * and the peak memory of the process (the goal: under 1 s of CPU, under 200 MB).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <stdio.h>
#include <sys/resource.h>

#include "sp-reports.h"
#include "sp-bench.h"

#define N_PLAYERS  1000
#define N_SESSIONS 10
#define N_TABLES   (N_PLAYERS / 4)
#define N_HANDS    16
#define SEED       20261130
#define N_RUNS     5

static const char *const fans[][2] = {
  { "混幺九", "32" }, { "三暗刻", "16" }, { "五门齐", "6" }, { "箭刻", "2" },
  { "门前清", "2" }, { "平和", "2" }, { "断幺", "2" }, { "自摸", "1" }, { "幺九刻", "1" },
  { "缺一门", "1" }, { "无字", "1" }, { "单钓将", "1" }, { "明暗杠", "5" },
};

static SpSnapshot *
build_snapshot (void)
{
  SpSnapshot *snapshot = sp_snapshot_new ();
  GRand *rand = g_rand_new_with_seed (SEED);
  guint32 order[N_PLAYERS];
  SpStandingsInput input = { .ranking = SP_RANKING_R98 };
  gint64 audit_id = 0;

  snapshot->tournament = g_new0 (SpTournament, 1);
  snapshot->tournament->id = 1;
  snapshot->tournament->name = g_strdup ("Benchmark Open 基准赛");
  snapshot->tournament->ruleset = SP_RULESET_MCR;
  snapshot->tournament->options = g_strdup ("");
  snapshot->tournament->n_sessions = N_SESSIONS;
  snapshot->date = g_strdup ("2026-11-30");
  for (guint i = 0; i < N_PLAYERS; i++)
    {
      SpPlayer *player = g_new0 (SpPlayer, 1);

      player->id = i + 1;
      player->tournament = 1;
      player->name = i % 3 == 0 ? g_strdup_printf ("选手%u号", i + 1)
                                : g_strdup_printf ("Player Number %u", i + 1);
      player->club = g_strdup_printf ("Club %u", i / 10);
      player->country = g_strdup (i % 2 ? "CN" : "DE");
      player->team = g_strdup_printf ("Team %u", i / 4 + 1);
      player->federation_id = g_strdup_printf ("%08u", 4120000 + i);
      g_ptr_array_add (snapshot->players, player);
      order[i] = i + 1;
      g_ptr_array_add (snapshot->team_names, g_strdup_printf ("Team %u", i / 4 + 1));
    }
  g_ptr_array_set_size (snapshot->team_names, N_PLAYERS / 4);

  for (guint s = 1; s <= N_SESSIONS; s++)
    {
      SpSessionSnapshot *session = g_new0 (SpSessionSnapshot, 1);

      for (guint i = N_PLAYERS - 1; i > 0; i--)
        {
          guint j = g_rand_int_range (rand, 0, i + 1);
          guint32 swap = order[i];

          order[i] = order[j];
          order[j] = swap;
        }
      session->number = s;
      session->closed = TRUE;
      session->n_tables = N_TABLES;
      session->seats = g_new (gint64, 4 * N_TABLES);
      for (guint i = 0; i < 4 * N_TABLES; i++)
        session->seats[i] = order[i];
      g_ptr_array_add (snapshot->sessions, session);

      for (guint t = 1; t <= N_TABLES; t++)
        {
          SpTableResult table = { .session = s, .table = t, .n_hands = N_HANDS, .closed = TRUE };

          for (guint c = 0; c < 4; c++)
            table.players[c] = session->seats[4 * (t - 1) + c];
          for (guint h = 1; h <= N_HANDS; h++)
            {
              SpHandRecord *hand = g_new0 (SpHandRecord, 1);
              /* The items as the hand keeps them, and as the audit log writes the row. */
              g_autoptr(GString) items = g_string_new ("[");
              SpScoreItem scored[7];
              guint n_items = g_rand_int_range (rand, 3, 8);
              gint32 fan = 0;
              gboolean self_drawn = g_rand_int_range (rand, 0, 4) == 0;
              SpAuditEntry *entry = g_new0 (SpAuditEntry, 1);

              for (guint k = 0; k < n_items; k++)
                {
                  guint f = g_rand_int_range (rand, 0, G_N_ELEMENTS (fans));

                  scored[k] = (SpScoreItem) { fans[f][0], atoi (fans[f][1]), 1 };
                  g_string_append_printf (items, "%s{\"name\":\"%s\",\"value\":%s,\"count\":1}",
                                          k > 0 ? "," : "", fans[f][0], fans[f][1]);
                  fan += atoi (fans[f][1]);
                }
              g_string_append_c (items, ']');
              fan = MAX (fan, 8);
              hand->id = (gint64) snapshot->hands->len + 1;
              hand->session = s;
              hand->table = t;
              hand->number = h;
              hand->winner = g_rand_int_range (rand, 0, 4);
              hand->discarder = self_drawn ? SP_CHAIR_NONE
                                : (hand->winner + g_rand_int_range (rand, 1, 4)) % 4;
              hand->items = sp_hand_items_new (scored, n_items);
              hand->total = fan;
              for (guint c = 0; c < 4; c++)
                {
                  if ((gint) c == hand->winner)
                    hand->settlement[c] = self_drawn ? 3 * (8 + fan) : 24 + fan;
                  else if (self_drawn || (gint) c == hand->discarder)
                    hand->settlement[c] = -(8 + fan);
                  else
                    hand->settlement[c] = -8;
                  table.hand_scores[c] += hand->settlement[c];
                }
              hand->entered_by = g_strdup ("Referee Wu");
              hand->entered_at = g_strdup ("2026-11-30T10:00:00Z");

              entry->id = ++audit_id;
              entry->at = g_strdup ("2026-11-30T10:00:00.000Z");
              entry->who = g_strdup ("Referee Wu");
              entry->target = g_strdup ("hands");
              entry->row_id = hand->id;
              entry->action = g_strdup ("insert");
              entry->new_values =
                g_strdup_printf ("{\"session_id\":%u,\"table_number\":%u,\"number\":%u,"
                                 "\"winner\":%d,\"items\":%s,\"total\":%d}", s, t, h,
                                 hand->winner, items->str, hand->total);
              g_ptr_array_add (snapshot->audit, entry);
              g_ptr_array_add (snapshot->hands, hand);
            }
          g_array_append_val (snapshot->tables, table);
        }
    }
  /* The standings with every player's result in every session, as the store's snapshot
   * carries them (sp_db_compute_standings_by_session): the Standings, Sessions and 附件6
   * sheets read them. */
  g_array_unref (snapshot->standings);
  g_array_unref (snapshot->session_results);
  snapshot->standings =
    sp_standings_from_tables_with_sessions ((SpTableResult *) snapshot->tables->data,
                                            snapshot->tables->len, &input,
                                            &snapshot->session_results);
  {
    GArray *with_teams = g_array_copy (snapshot->standings);

    for (guint i = 0; i < with_teams->len; i++)
      {
        SpStanding *standing = &g_array_index (with_teams, SpStanding, i);

        standing->team = (standing->player - 1) / 4 + 1;
      }
    g_array_unref (snapshot->team_standings);
    snapshot->team_standings = sp_standings_teams (with_teams, SP_RANKING_R98);
    g_array_unref (with_teams);
  }
  g_rand_free (rand);
  return snapshot;
}

/* The user CPU time of the process so far, in milliseconds. */
static double
user_ms (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec * 1e3 + usage.ru_utime.tv_usec / 1e3;
}

static double
peak_mb (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}

int
main (void)
{
  g_autoptr(SpSnapshot) snapshot = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("bench-xlsx-XXXXXX", NULL);
  g_autofree char *xlsx = g_build_filename (folder, "bench.xlsx", NULL);
  g_autofree char *csv = g_build_filename (folder, "bench.csv", NULL);
  double start, built, written, csv_time;
  double walls[N_RUNS], cpus[N_RUNS], users[N_RUNS];
  double snapshot_mb;
  GStatBuf st;
  int status = 0;

  start = sp_bench_now_ns (CLOCK_MONOTONIC);
  snapshot = build_snapshot ();
  built = sp_bench_now_ns (CLOCK_MONOTONIC);
  snapshot_mb = peak_mb ();
  printf ("snapshot: %u players, %u sessions, %u hands, %u audit entries: %.0f ms, %.1f MB\n",
          snapshot->players->len, snapshot->sessions->len, snapshot->hands->len,
          snapshot->audit->len, (built - start) / 1e6, snapshot_mb);

  /* Timed N_RUNS times: the wall time (the disk included), the CPU time of the process and
   * its user part alone (the work done by the export, without the kernel's writing of the
   * temporary and final files). */
  for (guint r = 0; r < N_RUNS; r++)
    {
      double cpu = sp_bench_now_ns (CLOCK_PROCESS_CPUTIME_ID);
      double user = user_ms ();

      start = sp_bench_now_ns (CLOCK_MONOTONIC);
      if (!sp_report_write_xlsx (snapshot, xlsx, &error))
        {
          fprintf (stderr, "bench-xlsx: %s\n", error->message);
          return 1;
        }
      written = sp_bench_now_ns (CLOCK_MONOTONIC);
      walls[r] = (written - start) / 1e6;
      cpus[r] = (sp_bench_now_ns (CLOCK_PROCESS_CPUTIME_ID) - cpu) / 1e6;
      users[r] = user_ms () - user;
      g_stat (xlsx, &st);
      g_unlink (xlsx);
    }
  sp_bench_sort (walls, N_RUNS);
  sp_bench_sort (cpus, N_RUNS);
  sp_bench_sort (users, N_RUNS);
  printf ("xlsx (10 sheets), median of %u: %.0f ms CPU (user %.0f ms), %.0f ms wall, %.1f MB "
          "file, peak memory %.1f MB (goal < 1000 ms CPU, < 200 MB)\n", N_RUNS, cpus[N_RUNS / 2],
          users[N_RUNS / 2], walls[N_RUNS / 2], st.st_size / 1048576.0, peak_mb ());
  if (cpus[N_RUNS / 2] >= 1000 || peak_mb () >= 200)
    status = 1;

  start = sp_bench_now_ns (CLOCK_MONOTONIC);
  if (!sp_report_write_standings_csv (snapshot, csv, &error))
    {
      fprintf (stderr, "bench-xlsx: %s\n", error->message);
      return 1;
    }
  csv_time = sp_bench_now_ns (CLOCK_MONOTONIC) - start;
  printf ("standings csv: %.0f ms\n", csv_time / 1e6);

  g_unlink (csv);
  g_rmdir (folder);
  return status;
}
