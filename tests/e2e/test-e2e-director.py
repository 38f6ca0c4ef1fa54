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
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
import sptap  # noqa: E402

# How long a step may take on a loaded machine before it counts as failed.
STEP_TIMEOUT = 15


# ---- the display and the bus ----------------------------------------------------------------

def free_display():
    """The first display number from 150 whose lock and socket are both absent."""
    for n in range(150, 250):
        if not os.path.exists(f'/tmp/.X{n}-lock') and not os.path.exists(f'/tmp/.X11-unix/X{n}'):
            return n
    raise RuntimeError('no free X display between :150 and :249')


def start_xvfb():
    """Starts Xvfb on a free display and waits for its socket; another process may take the
    same number at the same moment, so a server that dies at once is tried again on the
    next."""
    for _ in range(10):
        n = free_display()
        xvfb = subprocess.Popen(['Xvfb', f':{n}', '-screen', '0', '1280x800x24', '-nolisten', 'tcp',
                                 '-noreset'], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline:
            if xvfb.poll() is not None:
                break
            if os.path.exists(f'/tmp/.X11-unix/X{n}'):
                return xvfb, n
            time.sleep(0.05)
        if xvfb.poll() is None:
            xvfb.kill()
            xvfb.wait()
    raise RuntimeError('Xvfb did not start')


def outer(argv):
    """Starts the display, then this script again under dbus-run-session to do the work."""
    xvfb, display = start_xvfb()
    try:
        env = dict(os.environ)
        env['DISPLAY'] = f':{display}'
        env.pop('WAYLAND_DISPLAY', None)
        env.pop('NO_AT_BRIDGE', None)
        env.pop('GTK_A11Y', None)
        # The suites make GLib warnings fatal; GTK 4.8's accessibility bridge and libatspi warn
        # of what this test cannot help (no screen coordinates, no cache object).
        env.pop('G_DEBUG', None)
        env['GDK_BACKEND'] = 'x11'
        p = subprocess.run(['dbus-run-session', '--', sys.executable, os.path.abspath(__file__),
                            '--inner', *argv], env=env, stderr=subprocess.PIPE, text=True,
                           timeout=240)
        if p.returncode != 0:
            # The bus daemons' chatter is noise; the test's own errors are shown.
            for line in p.stderr.splitlines():
                if 'dbus-daemon' not in line and 'SpiRegistry' not in line:
                    print('# ' + line)
        return p.returncode
    finally:
        xvfb.terminate()
        xvfb.wait()


# ---- AT-SPI helpers -------------------------------------------------------------------------

def children(acc):
    out = []
    try:
        n = acc.childCount
    except Exception:
        return out
    for i in range(n):
        try:
            c = acc.getChildAtIndex(i)
        except Exception:
            continue
        if c is not None:
            out.append(c)
    return out


def walk(acc):
    queue = [acc]
    while queue:
        a = queue.pop(0)
        yield a
        queue.extend(children(a))


def clean(name):
    return (name or '').replace('_', '')


def named(acc, text):
    """Whether @acc's accessible name is @text.  GTK 4.8 adds a button's mnemonic label to
    its name ("_Create Create") and a row's title to its label ("Name Name"); a button for
    one of several things ends in its number ("Draw Session 1")."""
    n = clean(acc.name)
    return n == text or n == f'{text} {text}' or n.startswith(text + ' ')


def find(root, role=None, name=None, pred=None):
    for a in walk(root):
        try:
            if role is not None and a.getRoleName() != role:
                continue
            if name is not None and not named(a, name):
                continue
            if pred is not None and not pred(a):
                continue
            return a
        except Exception:
            continue
    return None


def dump(acc, depth=0, out=None):
    """The tree under @acc as TAP comments, for a step that failed."""
    try:
        line = f"{'  ' * depth}[{acc.getRoleName()}] {acc.name!r}"
    except Exception as e:
        line = f"{'  ' * depth}<{e}>"
    print('# ' + line)
    for c in children(acc):
        dump(c, depth + 1)


class StepFailed(Exception):
    pass


def wait_for(fn, what, timeout=STEP_TIMEOUT):
    deadline = time.time() + timeout
    while True:
        try:
            r = fn()
        except Exception:
            r = None
        if r:
            return r
        if time.time() > deadline:
            raise StepFailed('timed out waiting for ' + what)
        time.sleep(0.2)


def do_action(acc, names=('click', 'press', 'activate', 'toggle')):
    ai = acc.queryAction()
    for i in range(ai.nActions):
        if ai.getName(i) in names:
            ai.doAction(i)
            # What the action changes (a dialog, a page, a toast) settles before the next look.
            time.sleep(0.3)
            return
    raise StepFailed(f'{acc.name!r} has no action among {names}')


def toplevel(app, title):
    for w in children(app):
        if named(w, title):
            return w
    return None


# ---- the pointer, for what has no action (a list row) -------------------------------------

def x_window(title):
    """The X window titled @title, shown."""
    ids = subprocess.run(['xdotool', 'search', '--onlyvisible', '--name',
                          '^' + re.escape(title) + '$'], capture_output=True, text=True).stdout.split()
    if not ids:
        raise StepFailed(f'no X window titled {title}')
    return ids[-1]


class Pointer:
    """Clicks through XTest (xdotool) at a widget's place in its window: GTK 4.8 reports
    positions relative to the window, which on a display without a window manager sits at the
    top left, inside a border GTK draws around it."""

    def __init__(self, frame):
        self.frame = frame

    def window(self):
        return x_window(self.frame.name)

    def click_at(self, acc, repeat):
        import pyatspi
        x, y, w, h = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        _, _, fw, fh = self.frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        if w <= 0 or h <= 0:
            raise StepFailed(f'{acc.name!r} is not on screen')
        window = self.window()
        geometry = subprocess.run(['xdotool', 'getwindowgeometry', '--shell', window],
                                  capture_output=True, text=True).stdout
        values = dict(line.split('=') for line in geometry.split())
        border_x = (int(values['WIDTH']) - fw) // 2
        border_y = (int(values['HEIGHT']) - fh) // 2
        subprocess.run(['xdotool', 'mousemove', '--window', window,
                        str(x + border_x + min(40, w // 2)), str(y + border_y + h // 2),
                        'click', '--repeat', str(repeat), '--delay', '60', '1'], check=True)

    def click(self, acc):
        self.click_at(acc, 1)

    def double_click(self, acc):
        self.click_at(acc, 2)


def on_screen(acc):
    import pyatspi
    _, _, w, h = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return w > 0 and h > 0


def show_page(pointer, frame, title):
    """Clicks the page switcher's tab @title (of the switchers the header and the bottom bar
    hold, the one on screen): its action does not switch pages in libadwaita 1.2."""
    tab = wait_for(lambda: find(frame, 'page tab', title, pred=on_screen), f'the {title} tab')
    pointer.click(tab)


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

    env = dict(os.environ)
    env.update({
        'SPARROW_DB': db,
        'GSETTINGS_SCHEMA_DIR': schemas,
        'GSETTINGS_BACKEND': 'memory',
        'XDG_DATA_HOME': os.path.join(work, 'data'),
        'XDG_CONFIG_HOME': os.path.join(work, 'config'),
        'XDG_CACHE_HOME': os.path.join(work, 'cache'),
        'XDG_STATE_HOME': os.path.join(work, 'state'),
        'HOME': work,
        'LANGUAGE': 'en',
        'LC_ALL': 'C.UTF-8',
        'GTK_USE_PORTAL': '0',
    })
    run_cli = sptap.command(cli, 60)
    # SPARROW_E2E_WRAPPER (e.g. "gdb -batch -ex run -ex bt --args") runs the app under a tool.
    wrapper = os.environ.get('SPARROW_E2E_WRAPPER', '').split()
    app_process = subprocess.Popen([*wrapper, sparrow], env=env,
                                   stdout=subprocess.PIPE if wrapper else subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True)
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
        app_process.terminate()
        try:
            out, err = app_process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            app_process.kill()
            out, err = app_process.communicate()
        err = (out or '') + (err or '')
        for line in (err or '').splitlines():
            if wrapper or 'CRITICAL' in line or 'WARNING' in line or 'ERROR' in line:
                print('# sparrow: ' + line)
        if app_process.returncode not in (0, -15):
            sptap.check('sparrow ran until the end', False, f'exit status {app_process.returncode}')
        print(f'# window steps took {time.time() - started:.1f} s')

    check_store(run_cli, db)
    check_workbook(workbook)
    shutil.rmtree(work, ignore_errors=True)
    sptap.finish()


def find_sparrow():
    """The app on the bus, read live: GTK 4.8 does not announce every change of its tree, so
    libatspi's cache of it would go stale (a page's new rows never showing)."""
    import pyatspi
    from gi.repository import Atspi
    desktop = pyatspi.Registry.getDesktop(0)
    desktop.set_cache_mask(Atspi.Cache.NONE)
    for a in children(desktop):
        if a.name == 'sparrow':
            a.set_cache_mask(Atspi.Cache.NONE)
            a.clear_cache()
            return a
    return None


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
    do_action(find(dialog, 'push button', 'Create'))
    wait_for(lambda: toplevel(app, 'New Tournament') is None, 'the dialog to close')
    wait_for(lambda: find(pages, 'label', TOURNAMENT), 'the tournament to be listed')
    sptap.check('New Tournament creates the tournament, listed', True)

    # Open it: a double click on its row (a list row has no action of its own in GTK 4.8).
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
        sys.exit(outer([os.path.abspath(arg) for arg in sys.argv[1:]]))
