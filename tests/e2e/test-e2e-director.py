#!/usr/bin/python3
# test-e2e-director.py: the director's day through the real `sparrow` binary, driven over the
# accessibility bus (AT-SPI, pyatspi) as a screen reader or a person would: create a
# tournament, add and import players, check them in, draw session 1, see the tables and the
# standings, export the workbook; then the database is checked with sparrow-cli and the
# workbook with openpyxl.  TAP output (sptap.py).
#
# It runs on its own X display (Xvfb on the first free :150…) and its own session bus
# (dbus-run-session), so that nothing of the desktop it is started from is touched.
#
# Usage: test-e2e-director.py SPARROW SPARROW_CLI SCHEMA_DIR
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
import sptap  # noqa: E402
from sptest_e2e import (Pointer, StepFailed, app_env, do_action, dump, find,  # noqa: E402
                        find_sparrow, named, on_screen, outer, show_page, start_app,
                        stop_app, toplevel, wait_for, x_window)

# ---- the test -------------------------------------------------------------------------------

PLAYERS_CSV = [
    ('name', 'club', 'country'),
    ('Ingrid Holm', 'Oslo MC', 'NO'),
    ('鄭雅文', 'Taipei MJ', 'TW'),
    ('Tomás Ruiz', 'Madrid Riichi', 'ES'),
    ('Aiko Mori', 'Tokyo MA', 'JP'),
    ('Wei Chen', 'Beijing MCR', 'CN'),
    ('Lena Vogel', 'Berlin MJ', 'DE'),
    ('Olga Ivanova', 'Moscow MC', 'RU'),
]
ADDED = 'Anna Berg'
TOURNAMENT = 'Spring Open'


def inner(argv):
    import pyatspi  # noqa: F401 (the bus must be this process's own before it is imported)

    sparrow, cli, schemas = argv
    work = tempfile.mkdtemp(prefix='sparrow-e2e-')
    db = os.path.join(work, 'events.db')
    players_csv = os.path.join(work, 'players.csv')
    workbook = os.path.join(work, 'spring-open.xlsx')
    with open(players_csv, 'w', newline='', encoding='utf-8') as f:
        csv.writer(f).writerows(PLAYERS_CSV)

    env = app_env(work, db, schemas)
    run_cli = sptap.command(cli, 60)
    app_process = start_app(sparrow, env)
    started = time.time()
    app = None
    try:
        app = steps(app_process, db, players_csv, workbook)
    except StepFailed as e:
        sptap.check('the steps in the window', False, str(e))
        if app is None:
            app = find_sparrow()
        if app is not None:
            dump(app)
    finally:
        stop_app(app_process, sptap.check)
        print(f'# window steps took {time.time() - started:.1f} s')

    check_store(run_cli, db)
    check_workbook(workbook)
    shutil.rmtree(work, ignore_errors=True)
    sptap.finish()


def steps(app_process, db, players_csv, workbook):
    """The director's steps; each is a test point.  Returns the app's accessible."""
    app = wait_for(find_sparrow, 'sparrow on the accessibility bus')
    frame = wait_for(lambda: toplevel(app, 'Sparrow'), 'the main window')
    # The window's pages, found once: the searches stay inside them, away from the toasts.
    # GTK 4.8 can crash answering for a toast's widgets while one comes or goes (a context
    # without its D-Bus path), so the toasts are only looked at when nothing else changes.
    loading = wait_for(lambda: find(frame, 'panel', 'Opening the database…'), 'the window pages')
    pages = loading.parent

    # New Tournament: the dialog's Name, Rules and Sessions, then Create.
    button = wait_for(lambda: find(pages, 'push button', 'New Tournament'), 'New Tournament')
    do_action(button)
    dialog = wait_for(lambda: toplevel(app, 'New Tournament'), 'the New Tournament dialog')
    name = wait_for(lambda: find(dialog, 'text', 'Name'), 'the Name field')
    name.queryEditableText().setTextContents(TOURNAMENT)
    rules = find(dialog, 'combo box', 'Rules')
    sptap.check('the dialog has a Rules field set to MCR',
                rules is not None and find(rules, 'label', pred=lambda a: a.name.startswith('MCR')))
    sessions = find(dialog, 'spin button', 'Sessions')
    sessions.queryValue().currentValue = 3.0
    # The buttons are named as they read: "Create", not GTK 4.8's "_Create Create".
    create = find(dialog, 'push button', 'Create')
    sptap.check('the Create button is named as it reads', create is not None
                and create.name == 'Create', create.name if create else 'no Create button')
    do_action(create)
    wait_for(lambda: toplevel(app, 'New Tournament') is None, 'the dialog to close')
    # Create opens the new tournament, its name in the header.
    wait_for(lambda: named(frame, TOURNAMENT), 'the new tournament to open (its name as the title)')
    wait_for(lambda: find(pages, 'label', TOURNAMENT, pred=on_screen), 'its name in the header')
    sptap.check('New Tournament creates the tournament and opens it', True)

    # Back to the list, where it is listed; a double click on its row opens it again (a list
    # row has no action of its own in GTK 4.8).
    do_action(wait_for(lambda: find(pages, 'push button', 'Tournaments', pred=on_screen),
                       'the back button'))
    row = wait_for(lambda: find(pages, 'table row', pred=lambda a: find(a, 'label', TOURNAMENT)),
                   'the tournament row')
    pointer = Pointer(frame)
    pointer.double_click(row)
    wait_for(lambda: named(frame, TOURNAMENT), 'the tournament to open (its name as the title)')
    sptap.check('a double click opens the tournament', True)

    # Add Player.
    do_action(wait_for(lambda: find(pages, 'push button', 'Add Player'), 'Add Player'))
    dialog = wait_for(lambda: toplevel(app, 'Add Player'), 'the Add Player dialog')
    wait_for(lambda: find(dialog, 'text', 'Name'), 'the player name field') \
        .queryEditableText().setTextContents(ADDED)
    do_action(find(dialog, 'push button', 'Add'))
    wait_for(lambda: toplevel(app, 'Add Player') is None, 'the Add Player dialog to close')
    players = wait_for(lambda: find(pages, 'tree table', 'Players'), 'the players list')
    wait_for(lambda: find(players, 'label', ADDED), f'{ADDED} to be listed')
    sptap.check('Add Player adds the player to the list', True)

    # Import Players…: the file chooser, the file's path typed in its location field.
    do_action(find(pages, 'push button', 'Import Players…'))
    chooser = wait_for(lambda: toplevel(app, 'Import Players'), 'the Import Players file chooser')
    type_path(chooser, 'Import Players', players_csv)
    do_action(wait_for(lambda: find(chooser, 'push button', 'Import'), 'the Import button'))
    wait_for(lambda: all(find(players, 'label', row[0]) for row in PLAYERS_CSV[1:]),
             'the imported players to be listed')
    sptap.check('Import Players… imports every player of the CSV file', True)

    # Check In All.
    do_action(find(pages, 'push button', 'Check In All'))
    time.sleep(0.5)

    # Draw Session 1 on the Sessions page: the tables show.
    show_page(pointer, pages, 'Sessions')
    draw = wait_for(lambda: find(pages, 'push button', 'Draw Session'), 'Draw Session')
    do_action(draw)
    # The draw dialog shows the method and takes a seed; Draw with none draws at random.
    dialog = wait_for(lambda: toplevel(app, 'Draw Session'), 'the Draw Session dialog')
    do_action(wait_for(lambda: find(dialog, 'push button', 'Draw'), 'the Draw button'))
    wait_for(lambda: find(pages, 'label', 'Table 1') and find(pages, 'label', 'Table 2'),
             'Table 1 and Table 2 to be shown')
    sptap.check('Draw Session shows the tables', True)

    # Standings.
    show_page(pointer, pages, 'Standings')
    standings = wait_for(lambda: find(pages, 'tree table', 'Standings'), 'the standings')
    wait_for(lambda: find(standings, 'label', ADDED) and find(standings, 'label', '鄭雅文'),
             'the players in the standings')
    sptap.check('the Standings page lists the players', True)

    # Log: found by its title.
    show_page(pointer, pages, 'Log')
    log = wait_for(lambda: find(pages, 'tree table', 'Log'), 'the log')
    wait_for(lambda: find(log, 'label', 'Drew session 1'), 'the draw in the log')
    sptap.check('the Log page shows the draw', True)

    export(app, frame, pages, workbook)
    return app


def type_path(chooser, title, path):
    """Types @path into GTK's own file chooser (no portal on this bus): Ctrl+L opens its
    location field in a chooser to open a file, a chooser to save one has its name field
    focused; either takes a whole path.  The keys go to the chooser's X window."""
    window = x_window(title)
    subprocess.run(['xdotool', 'windowfocus', '--sync', window], check=True)
    # GTK 4.8 exposes neither the text of these fields nor a way to set it: the keys type it.
    if find(chooser, 'push button', 'Import') is not None:
        subprocess.run(['xdotool', 'key', 'ctrl+l'], check=True)
        wait_for(lambda: find(chooser, 'text', 'GtkFileChooserEntry'), 'the location field')
        time.sleep(0.3)
    else:
        wait_for(lambda: find(chooser, 'text', 'Name:'), 'the name field')
        time.sleep(0.3)
        # The name is there, its stem selected: all of it goes.
        subprocess.run(['xdotool', 'key', 'End', 'shift+Home', 'BackSpace'], check=True)
    subprocess.run(['xdotool', 'type', '--delay', '2', path], check=True)
    time.sleep(0.3)
    if os.environ.get('SPARROW_E2E_SHOTS'):
        subprocess.run(['import', '-window', 'root',
                        os.path.join(os.environ['SPARROW_E2E_SHOTS'], 'chooser.png')])


def export(app, frame, pages, workbook):
    """Export…: the dialog's "Standings Workbook (.xlsx)" row opens a save file chooser; the
    path is typed in its name field and accepted; a toast says it is done."""
    do_action(find(pages, 'push button', 'Export…'))
    dialog = wait_for(lambda: toplevel(app, 'Export'), 'the Export dialog')
    title = 'Standings Workbook (.xlsx)'
    row = wait_for(lambda: find(dialog, None, title, pred=on_screen), f'the {title} row')
    # An activatable row has no action of its own in GTK 4.8: a click opens it.
    Pointer(dialog).click(row)
    chooser = wait_for(lambda: toplevel(app, title), 'the save file chooser')
    type_path(chooser, title, workbook)
    do_action(wait_for(lambda: find(chooser, 'push button', 'Export'), 'the Export button'))
    wait_for(lambda: os.path.exists(workbook), 'the workbook to be written')
    time.sleep(1)
    name = os.path.basename(workbook)
    wait_for(lambda: find(frame, 'label', pred=lambda a: 'Exported' in (a.name or '')
                          and name in (a.name or '')), 'the toast saying it is exported')
    sptap.check('Export… writes the workbook and a toast says so', True)


def check_store(run, db):
    """The database as sparrow-cli reads it."""
    rc, out, err = run('--db', db, '--tournament', TOURNAMENT, 'players', 'list', '--json')
    names = []
    try:
        items = json.loads(out)['players']
        names = [p['name'] for p in items]
        present = [p for p in items if p['present'] is True]
    except (ValueError, KeyError, TypeError, AttributeError):
        present = []
    expected = [ADDED] + [row[0] for row in PLAYERS_CSV[1:]]
    sptap.check('sparrow-cli lists the added and imported players',
                rc == 0 and sorted(names) == sorted(expected), f'{rc} {out} {err}')
    sptap.check('every player is checked in', rc == 0 and len(present) == len(expected),
                f'{len(present)} of {len(expected)}')

    rc, out, err = run('--db', db, '--tournament', TOURNAMENT, 'seating', 'show', '--session', '1',
                       '--json')
    seated = []
    try:
        data = json.loads(out)
        for table in data['tables']:
            for seat in table['seats']:
                seated.append(seat['player']['name'])
    except (ValueError, KeyError, TypeError, AttributeError):
        pass
    sptap.check('session 1 seats every player once, four to a table',
                rc == 0 and sorted(seated) == sorted(expected) and len(seated) % 4 == 0,
                f'{rc} {out} {err}')


def check_workbook(path):
    try:
        import openpyxl
    except ImportError:
        sptap.check('the workbook opens (openpyxl)', False, 'no openpyxl')
        return
    if not os.path.exists(path):
        sptap.check('the workbook opens (openpyxl)', False, 'no workbook written')
        return
    book = openpyxl.load_workbook(path, read_only=True)
    text = ' '.join(str(cell) for sheet in book.worksheets
                    for row in sheet.iter_rows(values_only=True) for cell in row if cell is not None)
    sptap.check('the workbook names the tournament and its players',
                TOURNAMENT in text and ADDED in text and '鄭雅文' in text, text[:300])


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--inner':
        inner(sys.argv[2:])
    else:
        if len(sys.argv) != 4:
            print(__doc__ or 'usage: test-e2e-director.py SPARROW SPARROW_CLI SCHEMA_DIR')
            sys.exit(2)
        sys.exit(outer(__file__, [os.path.abspath(arg) for arg in sys.argv[1:]]))
