# sptest_e2e.py: what the end-to-end tests share: their own X display (Xvfb on the first free
# :150…) and session bus (dbus-run-session), the app found on the accessibility bus (AT-SPI,
# pyatspi), searches in its tree, and clicks through XTest (xdotool) where GTK 4.8 has no
# accessible action.
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import subprocess
import sys
import tempfile
import time

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
        # $SPARROW_E2E_SCREEN: another size, for screenshots at a width of the hall's screens.
        screen = os.environ.get('SPARROW_E2E_SCREEN', '1280x800x24')
        xvfb = subprocess.Popen(['Xvfb', f':{n}', '-screen', '0', screen, '-nolisten', 'tcp',
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


def outer(script, argv):
    """Starts the display, then @script again under dbus-run-session with --inner to do the
    work."""
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
        # The accessibility bus's daemons write to the same output as the test: what is not
        # TAP becomes a comment.  The lines are passed on as they come, so that a test stopped
        # for taking too long shows how far it went.
        # The errors go to a file: a pipe left unread while the output is read could fill.
        errors = tempfile.TemporaryFile(mode='w+')
        p = subprocess.Popen(['dbus-run-session', '--', sys.executable, os.path.abspath(script),
                              '--inner', *argv], env=env, stdout=subprocess.PIPE,
                             stderr=errors, text=True)
        for line in p.stdout:
            line = line.rstrip('\n')
            tap = line.startswith(('ok ', 'not ok ', '#', '1..')) or line in ('ok', 'not ok')
            print(line if tap else '# ' + line, flush=True)
        p.wait()
        errors.seek(0)
        p.stderr_text = errors.read()
        errors.close()
        if p.returncode != 0:
            # The bus daemons' chatter is noise; the test's own errors are shown.
            for line in p.stderr_text.splitlines():
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
    """The X window titled @title, shown; of several, the largest (a popover's surface, the main
    menu's once opened, takes its window's title too)."""
    ids = subprocess.run(['xdotool', 'search', '--onlyvisible', '--name',
                          '^' + re.escape(title) + '$'], capture_output=True, text=True).stdout.split()
    if not ids:
        raise StepFailed(f'no X window titled {title}')

    def area(window):
        geometry = subprocess.run(['xdotool', 'getwindowgeometry', '--shell', window],
                                  capture_output=True, text=True).stdout
        values = dict(line.split('=') for line in geometry.split() if '=' in line)
        return int(values.get('WIDTH', 0)) * int(values.get('HEIGHT', 0))
    return max(reversed(ids), key=area) if len(ids) > 1 else ids[-1]


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


def open_tournament(tournament):
    """Finds the app, then opens @tournament from the start page with a double click on its
    row (a list row has no action of its own in GTK 4.8); returns the app, its main window,
    the window's pages and a Pointer on it."""
    app = wait_for(find_sparrow, 'sparrow on the accessibility bus')
    frame = wait_for(lambda: toplevel(app, 'Sparrow'), 'the main window')
    # The searches stay inside the pages, away from the toasts.
    loading = wait_for(lambda: find(frame, 'panel', 'Opening the database…'), 'the window pages')
    pages = loading.parent
    row = wait_for(lambda: find(pages, 'table row', pred=lambda a: find(a, 'label', tournament)),
                   'the tournament row')
    pointer = Pointer(frame)
    pointer.double_click(row)
    wait_for(lambda: named(frame, tournament), 'the tournament to open')
    return app, frame, pages, pointer


# ---- the app ------------------------------------------------------------------------------

def app_env(work, db, schemas):
    """The app's environment: its database, its schemas, settings in memory and every XDG
    folder inside @work, in English."""
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
    return env


def start_app(sparrow, env):
    """Starts @sparrow; SPARROW_E2E_WRAPPER (e.g. "gdb -batch -ex run -ex bt --args") runs it
    under a tool."""
    wrapper = os.environ.get('SPARROW_E2E_WRAPPER', '').split()
    process = subprocess.Popen([*wrapper, sparrow], env=env,
                               stdout=subprocess.PIPE if wrapper else subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    process.sp_wrapper = wrapper
    return process


def stop_app(process, check):
    """Ends the app, shows its warnings as TAP comments, and fails @check (sptap.check) if it
    did not run until then."""
    process.terminate()
    try:
        out, err = process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
    err = (out or '') + (err or '')
    for line in err.splitlines():
        if process.sp_wrapper or 'CRITICAL' in line or 'WARNING' in line or 'ERROR' in line:
            print('# sparrow: ' + line)
    if process.returncode not in (0, -15):
        check('sparrow ran until the end', False, f'exit status {process.returncode}')


# ---- a referee's table ----------------------------------------------------------------------

def prepare_table(run, db, tournament, players, seed):
    """An MCR tournament of one session with @players, drawn with @seed, made by sparrow-cli
    (@run as sptap.command gives it); whether every step worked."""
    rc, out, err = run('--db', db, 'tournament', 'create', '--name', tournament, '--rules', 'mcr',
                       '--sessions', '1')
    ok = rc == 0
    for name in players:
        rc, out, err = run('--db', db, 'players', 'add', name)
        ok = ok and rc == 0
    rc, out, err = run('--db', db, 'seating', 'draw', '--session', '1', '--seed', seed)
    if not ok or rc != 0:
        print(f'# {rc} {out} {err}')
    return ok and rc == 0


def window_named(app, pred):
    """The toplevel of @app whose name satisfies @pred, else None."""
    for w in children(app):
        try:
            if pred(w.name or ''):
                return w
        except Exception:
            continue
    return None


def hand_dialog(app, number=None):
    """The hand dialog, titled "Table 1 · hand N · …"; at hand @number when given."""
    prefix = 'Table 1 · hand ' + (f'{number} ' if number is not None else '')
    return window_named(app, lambda n: n.startswith(prefix))


def answer_referee(app, referee):
    """Answers the referee's name dialog, asked once when a table first opens."""
    ask = wait_for(lambda: toplevel(app, 'Who Is Refereeing?'), 'the referee’s name dialog')
    wait_for(lambda: find(ask, 'text', 'Referee’s name'), 'the name field') \
        .queryEditableText().setTextContents(referee)
    do_action(find(ask, 'push button', 'Save'))
    wait_for(lambda: toplevel(app, 'Who Is Refereeing?') is None, 'the name dialog to close')


def seat_button(dialog, group, seat):
    """The Winner or From button of @seat (E, S, W, N, or self for Self-drawn)."""
    box = wait_for(lambda: find(dialog, 'panel', group), f'the {group} buttons')
    if seat == 'self':
        return wait_for(lambda: find(box, 'push button', 'Self-drawn'), 'Self-drawn')
    return wait_for(lambda: find(box, 'push button', pred=lambda a: (a.name or '').startswith(
        seat + ' ')), f'the {group} button {seat}')


def shows_total(dialog, total, seat=''):
    """The live result beside the buttons: "Total N — E +… S … W … N …", with @seat's points
    when given."""
    return wait_for(lambda: find(dialog, 'label', pred=lambda a: (a.name or '').startswith(
        f'Total {total} ') and seat in a.name), f'the live total {total} {seat}')
