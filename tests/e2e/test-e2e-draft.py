#!/usr/bin/python3
# test-e2e-draft.py: a hand being typed survives a crash of the real `sparrow` binary, driven
# over the accessibility bus (AT-SPI, pyatspi): a tournament prepared with sparrow-cli, table 1
# opened, a hand's seats chosen and its tiles typed; the draft file appears in the app's state
# folder; the app is killed (SIGKILL) and started again, offers the hand back, Resume opens the
# hand dialog filled in, and the hand recorded from it is what sparrow-cli's `hand list --json`
# then lists, the draft gone.  The next hand typed and the dialog closed: the question, Keep as
# Draft keeps it for Enter Hand, Discard deletes it.  TAP output (sptap.py).
#
# Usage: test-e2e-draft.py SPARROW SPARROW_CLI SCHEMA_DIR
# SPDX-License-Identifier: GPL-3.0-or-later
import configparser
import glob
import json
import os
import shutil
import signal
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
import sptap  # noqa: E402
from sptest_e2e import (Pointer, StepFailed, answer_referee, app_env, children,  # noqa: E402
                        do_action, dump, find, find_sparrow, hand_dialog, named, outer,
                        prepare_table, seat_button, show_page, shows_total, start_app, stop_app,
                        toplevel, wait_for, window_named)

TOURNAMENT = 'Draft Cup'
PLAYERS = ['Ingrid Holm', '鄭雅文', 'Tomás Ruiz', 'Aiko Mori']
SEED = '7'
REFEREE = 'Mei Lin'
# East wins on South's discard: 三色三同顺 8, 门前清 2, 平和 2, 老少副 1, 单钓将 1.
WINNER, SOURCE, TILES, TOTAL = ('E', 'S', '123m123p123s789m55s', 14)


def inner(argv):
    import pyatspi  # noqa: F401 (the bus must be this process's own before it is imported)

    sparrow, cli, schemas = argv
    work = tempfile.mkdtemp(prefix='sparrow-e2e-draft-')
    db = os.path.join(work, 'events.db')
    drafts = os.path.join(work, 'state', 'sparrow', 'drafts')
    run_cli = sptap.command(cli, 60)
    env = app_env(work, db, schemas)

    prepared = prepare_table(run_cli, db, TOURNAMENT, PLAYERS, SEED)
    sptap.check('sparrow-cli prepares the tournament and draws session 1', prepared)
    if not prepared:
        sptap.finish()
        return

    # The first run: the hand typed, then the app killed before it is recorded.
    first = start_app(sparrow, env)
    try:
        type_and_wait(drafts)
    except StepFailed as e:
        sptap.check('the hand typed in the first run', False, str(e))
    first.send_signal(signal.SIGKILL)
    first.wait()
    sptap.check('the app killed with SIGKILL', first.returncode == -signal.SIGKILL,
                str(first.returncode))
    files = glob.glob(os.path.join(drafts, '*.draft'))
    sptap.check('the draft survives the kill', len(files) == 1, str(files))
    rc, out, err = run_cli('--db', db, '--tournament', TOURNAMENT, 'hand', 'list', '--session',
                           '1', '--json')
    sptap.check('no hand was recorded before the kill',
                rc == 0 and json.loads(out)['hands'] == [], f'{rc} {out} {err}')

    # The second run: the draft offered back, resumed and recorded.
    second = start_app(sparrow, env)
    started = time.time()
    app = None
    try:
        app = resume_and_record()
        close_with_a_hand(app, drafts)
    except StepFailed as e:
        sptap.check('the draft resumed in the second run', False, str(e))
        app = app or find_sparrow()
        if app is not None:
            for window in children(app):
                dump(window)
    finally:
        stop_app(second, sptap.check)
        print(f'# window steps took {time.time() - started:.1f} s')

    check_store(run_cli, db)
    files = glob.glob(os.path.join(drafts, '*.draft'))
    sptap.check('the draft is gone once the hand is recorded', files == [], str(files))
    shutil.rmtree(work, ignore_errors=True)
    sptap.finish()


def window_showing(app, text):
    """The toplevel that shows a label @text (a message dialog has no title of its own)."""
    for w in children(app):
        if find(w, 'label', pred=lambda a: (a.name or '') == text) is not None:
            return w
    return None


def type_and_wait(drafts):
    app = wait_for(find_sparrow, 'sparrow on the accessibility bus')
    frame = wait_for(lambda: toplevel(app, 'Sparrow'), 'the main window')
    loading = wait_for(lambda: find(frame, 'panel', 'Opening the database…'), 'the window pages')
    pages = loading.parent
    row = wait_for(lambda: find(pages, 'table row', pred=lambda a: find(a, 'label', TOURNAMENT)),
                   'the tournament row')
    pointer = Pointer(frame)
    pointer.double_click(row)
    wait_for(lambda: named(frame, TOURNAMENT), 'the tournament to open')
    show_page(pointer, pages, 'Sessions')
    do_action(wait_for(lambda: find(pages, 'push button', 'Enter Hand at Table 1'),
                       'the Enter Hand button of table 1'))
    answer_referee(app, REFEREE)
    table = wait_for(lambda: window_named(app, lambda n: n == 'Table 1'), 'the table view')
    do_action(wait_for(lambda: find(table, 'push button', 'Enter Hand'), 'Enter Hand'))
    dialog = wait_for(lambda: hand_dialog(app, 1), 'the hand dialog at hand 1')
    do_action(seat_button(dialog, 'Winner', WINNER))
    do_action(seat_button(dialog, 'From', SOURCE))
    wait_for(lambda: find(dialog, 'text', 'Hand'), 'the Hand field') \
        .queryEditableText().setTextContents(TILES)
    shows_total(dialog, TOTAL, 'S −22')
    sptap.check('the hand typed and scored live', True)

    def draft_written():
        for path in glob.glob(os.path.join(drafts, '*.draft')):
            parser = configparser.ConfigParser(interpolation=None)
            parser.read(path, encoding='utf-8')
            hand = parser['Hand']
            if hand.get('Tiles') == TILES:
                return hand
        return None
    hand = wait_for(draft_written, 'the draft file')
    sptap.check('the draft file holds the table, the hand, the seats and the tiles',
                hand.get('Session') == '1' and hand.get('Table') == '1'
                and hand.get('Hand') == '1' and hand.get('Winner') == WINNER
                and hand.get('From') == SOURCE, str(dict(hand)))
    mode = os.stat(glob.glob(os.path.join(drafts, '*.draft'))[0]).st_mode & 0o777
    sptap.check('the draft file is mode 0600', mode == 0o600, oct(mode))


def resume_and_record():
    app = wait_for(find_sparrow, 'sparrow on the accessibility bus')
    offer = wait_for(lambda: window_showing(app, 'Resume the Hand?'), 'the offer of the draft')
    sptap.check('the next start offers the hand back',
                find(offer, 'label', pred=lambda a: (a.name or '') == 'A hand for session 1, '
                     'table 1, hand 1 was being entered and is not recorded.') is not None)
    do_action(wait_for(lambda: find(offer, 'push button', 'Resume'), 'Resume'))
    # The settings were in memory: the referee's name is asked again.
    answer_referee(app, REFEREE)
    dialog = wait_for(lambda: hand_dialog(app, 1), 'the resumed hand dialog at hand 1')
    # Filled in: the tiles scored live with South paying (GTK 4.8 does not give the field's
    # text over AT-SPI).
    shows_total(dialog, TOTAL, 'S −22')
    sptap.check('Resume opens the hand dialog filled in', True)
    do_action(wait_for(lambda: find(dialog, 'push button', 'Record Hand'), 'Record Hand'))
    wait_for(lambda: hand_dialog(app, 2), 'the dialog to move on to hand 2')
    sptap.check('the resumed hand is recorded', True)
    return app


def close_with_a_hand(app, drafts):
    """Hand 2 typed, then the dialog closed: the question, Keep as Draft, the hand back at the
    next Enter Hand; closed again and discarded."""
    dialog = wait_for(lambda: hand_dialog(app, 2), 'the hand dialog at hand 2')
    do_action(seat_button(dialog, 'Winner', WINNER))
    do_action(seat_button(dialog, 'From', SOURCE))
    wait_for(lambda: find(dialog, 'text', 'Hand'), 'the Hand field') \
        .queryEditableText().setTextContents(TILES)
    shows_total(dialog, TOTAL, 'S −22')

    def ask():
        do_action(wait_for(lambda: find(dialog, 'push button', 'Close'), 'the dialog’s Close'))
        return wait_for(lambda: window_showing(app, 'Close Without Recording?'),
                        'the question on closing')
    question = ask()
    sptap.check('closing with a hand typed asks, naming the session, table and hand',
                find(question, 'label', pred=lambda a: (a.name or '').startswith(
                    'Session 1, table 1, hand 2 is not recorded.')) is not None
                and find(question, 'push button', 'Discard') is not None)
    do_action(wait_for(lambda: find(question, 'push button', 'Keep as Draft'), 'Keep as Draft'))
    wait_for(lambda: hand_dialog(app) is None, 'the dialog to close')

    def kept():
        for path in glob.glob(os.path.join(drafts, '*.draft')):
            parser = configparser.ConfigParser(interpolation=None)
            parser.read(path, encoding='utf-8')
            if parser['Hand'].get('Hand') == '2' and parser['Hand'].get('Tiles') == TILES:
                return True
        return False
    sptap.check('Keep as Draft closes the dialog and keeps the draft file',
                wait_for(kept, 'the draft'))

    table = wait_for(lambda: window_named(app, lambda n: n == 'Table 1'), 'the table view')
    do_action(wait_for(lambda: find(table, 'push button', 'Enter Hand'), 'Enter Hand'))
    dialog = wait_for(lambda: hand_dialog(app, 2), 'the hand dialog at hand 2 again')
    shows_total(dialog, TOTAL, 'S −22')
    sptap.check('Enter Hand brings the kept hand back', True)
    question = ask()
    do_action(wait_for(lambda: find(question, 'push button', 'Discard'), 'Discard'))
    wait_for(lambda: hand_dialog(app) is None, 'the dialog to close')
    sptap.check('Discard closes the dialog and deletes the draft',
                wait_for(lambda: not glob.glob(os.path.join(drafts, '*.draft')), 'no draft'))


def check_store(run, db):
    rc, out, err = run('--db', db, '--tournament', TOURNAMENT, 'hand', 'list', '--session', '1',
                       '--json')
    try:
        hands = json.loads(out)['hands']
    except (ValueError, KeyError, TypeError):
        sptap.check('sparrow-cli lists the hands', False, f'{rc} {out} {err}')
        return
    sptap.check('the database holds the resumed hand, once',
                len(hands) == 1 and hands[0]['number'] == 1 and hands[0]['winner'] == WINNER
                and hands[0]['from'] == SOURCE and hands[0]['hand'] == TILES
                and hands[0]['total'] == TOTAL and hands[0].get('entered_by') == REFEREE,
                str(hands))


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--inner':
        inner(sys.argv[2:])
    else:
        if len(sys.argv) != 4:
            print('usage: test-e2e-draft.py SPARROW SPARROW_CLI SCHEMA_DIR')
            sys.exit(2)
        sys.exit(outer(__file__, [os.path.abspath(arg) for arg in sys.argv[1:]]))
