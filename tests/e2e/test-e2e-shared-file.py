#!/usr/bin/python3
# test-e2e-shared-file.py: the app and sparrow-cli on one database file, with a file chooser in
# between that shows the database's folder.  GTK's own chooser (no portal here) sniffs every
# file of the folder from a GIO worker thread: open, read 4 KiB, close, the database and its
# -shm among them.  With POSIX locks that close dropped every lock of the app's process, and
# the next sparrow-cli deleted the -wal and -shm files under the window: the window's check-in
# never reached the file, the CLI's player never reached the window, and the file ended
# damaged.  Checked through the real binary over the accessibility bus, and from outside with
# /proc/locks, sparrow-cli and Python's sqlite3.  TAP output (sptap.py).
#
# Usage: test-e2e-shared-file.py SPARROW SPARROW_CLI SCHEMA_DIR
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
import sptap  # noqa: E402
from sptest_e2e import (StepFailed, app_env, do_action, dump, find, find_sparrow,  # noqa: E402
                        open_tournament, start_app, stop_app, toplevel, wait_for, x_window)

TOURNAMENT = 'Club Night'
PLAYERS = ['Anna Berg', 'Bo Lind', 'Chen Wei', 'Dana Ross']
ADDED_BY_CLI = 'Zoe Li'


def locked_inodes():
    """The inodes /proc/locks lists with an open file description lock (OFDLCK)."""
    inodes = set()
    with open('/proc/locks', encoding='ascii') as f:
        for line in f:
            fields = line.split()
            if 'OFDLCK' in fields:
                # "1: OFDLCK ADVISORY READ -1 08:01:1234 128 128"
                for field in fields:
                    if field.count(':') == 2:
                        inodes.add(int(field.rsplit(':', 1)[1]))
    return inodes


def inode(path):
    try:
        return os.stat(path).st_ino
    except FileNotFoundError:
        return None


def inner(argv):
    import pyatspi  # noqa: F401 (the bus must be this process's own before it is imported)

    sparrow, cli, schemas = argv
    work = tempfile.mkdtemp(prefix='sparrow-e2e-shared-')
    folder = os.path.join(work, 'event')
    os.mkdir(folder)
    db = os.path.join(folder, 'event.db')
    run = sptap.command(cli, 60)
    rc, out, err = run('--db', db, 'tournament', 'create', '--name', TOURNAMENT, '--rules', 'mcr',
                       '--sessions', '1')
    ok = rc == 0
    for name in PLAYERS:
        rc, out, err = run('--db', db, 'players', 'add', name)
        ok = ok and rc == 0
    sptap.check('sparrow-cli prepares the tournament', ok, err)

    env = app_env(work, db, schemas)
    app_process = start_app(sparrow, env)
    app = None
    try:
        app = steps(run, db, folder)
    except StepFailed as e:
        sptap.check('the steps in the window', False, str(e))
        if app is None:
            app = find_sparrow()
        if app is not None:
            dump(app)
    finally:
        stop_app(app_process, sptap.check)

    with sqlite3.connect(db) as connection:
        check = connection.execute('PRAGMA integrity_check').fetchone()[0]
        present = connection.execute('SELECT count(*) FROM players WHERE present = 1') \
            .fetchone()[0]
    connection.close()
    sptap.check('after the app closes the file is intact (integrity_check)', check == 'ok', check)
    sptap.check('the check-in made in the window is in the file', present == len(PLAYERS) + 1,
                f'{present} checked in')
    shutil.rmtree(work, ignore_errors=True)
    sptap.finish()


def steps(run, db, folder):
    app, frame, pages, pointer = open_tournament(TOURNAMENT)
    players = wait_for(lambda: find(pages, 'tree table', 'Players'), 'the players list')
    wait_for(lambda: find(players, 'label', PLAYERS[0]), 'the players to be listed')

    wal, shm = db + '-wal', db + '-shm'
    wait_for(lambda: inode(db) in locked_inodes() and inode(shm) in locked_inodes(),
             'the app to hold its locks on the database and its -shm')
    wal_inode, shm_inode = inode(wal), inode(shm)
    sptap.check('the open app holds open file locks on the database and its -shm', True)

    # Import Players…, the database's folder typed in the location field: the chooser lists
    # it, sniffing each file; then Cancel.
    do_action(find(pages, 'push button', 'Import Players…'))
    chooser = wait_for(lambda: toplevel(app, 'Import Players'), 'the Import Players chooser')
    window = x_window('Import Players')
    subprocess.run(['xdotool', 'windowfocus', '--sync', window], check=True)
    subprocess.run(['xdotool', 'key', 'ctrl+l'], check=True)
    wait_for(lambda: find(chooser, 'text', 'GtkFileChooserEntry'), 'the location field')
    time.sleep(0.3)
    subprocess.run(['xdotool', 'type', '--delay', '2', folder + '/'], check=True)
    subprocess.run(['xdotool', 'key', 'Return'], check=True)
    # The chooser shows the folder (its path bar ends in it) and lists its files, sniffing
    # their content types on a worker thread (GTK 4.8 does not expose the list's rows).
    wait_for(lambda: find(chooser, 'filler', 'GtkPathBar', pred=lambda a: find(a, 'label', 'event')),
             'the chooser to show the database\'s folder')
    time.sleep(2)
    if os.environ.get('SPARROW_E2E_SHOTS'):
        subprocess.run(['import', '-window', 'root',
                        os.path.join(os.environ['SPARROW_E2E_SHOTS'], 'shared-chooser.png')])
    do_action(wait_for(lambda: find(chooser, 'push button', 'Cancel'), 'the Cancel button'))
    wait_for(lambda: toplevel(app, 'Import Players') is None, 'the chooser to close')

    inodes = locked_inodes()
    sptap.check('after the chooser the app still holds its locks',
                inode(db) in inodes and inode(shm) in inodes, f'{sorted(inodes)}')

    rc, out, err = run('--db', db, 'players', 'list')
    sptap.check('sparrow-cli players list works beside the app', rc == 0 and PLAYERS[0] in out,
                f'{rc} {err}')
    sptap.check('sparrow-cli left the app\'s -wal and -shm in place',
                inode(wal) == wal_inode and inode(shm) == shm_inode,
                f'wal {wal_inode} → {inode(wal)}, shm {shm_inode} → {inode(shm)}')

    # The CLI's change shows in the window (it follows changes within two seconds)...
    rc, out, err = run('--db', db, 'players', 'add', ADDED_BY_CLI)
    sptap.check('sparrow-cli adds a player beside the app', rc == 0, err)
    wait_for(lambda: find(players, 'label', ADDED_BY_CLI), 'the CLI\'s player in the window', 10)
    sptap.check('the player added by sparrow-cli shows in the window', True)

    # ... and the window's reaches the CLI.
    do_action(wait_for(lambda: find(pages, 'push button', 'Check In All'), 'Check In All'))

    def all_present():
        rc, out, err = run('--db', db, 'players', 'list', '--json')
        items = json.loads(out)['players'] if rc == 0 else []
        return len(items) == len(PLAYERS) + 1 and all(p['present'] is True for p in items)
    wait_for(all_present, 'the window\'s check-in to reach sparrow-cli', 10)
    sptap.check('the check-in made in the window is seen by sparrow-cli', True)
    return app


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--inner':
        inner(sys.argv[2:])
    else:
        if len(sys.argv) != 4:
            print('usage: test-e2e-shared-file.py SPARROW SPARROW_CLI SCHEMA_DIR')
            sys.exit(2)
        from sptest_e2e import outer
        sys.exit(outer(__file__, [os.path.abspath(arg) for arg in sys.argv[1:]]))
