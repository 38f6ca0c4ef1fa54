#!/usr/bin/python3
# test-e2e-i18n.py: the real `sparrow` speaks the reader's language, read over the accessibility
# bus: under LANGUAGE=zh_CN and zh_TW the main window's title and buttons are the catalogue's
# words, not the English ones.  With --table (the build tree's run) it also opens table 1 of a
# Taiwan tournament under zh_TW: the hand dialog's seat buttons begin with 東 南 西 北 and its
# situation toggles are the rules' traditional terms.  The same script checks the installed
# package (.ci/check-deb).  TAP output (sptap.py).
#
# Usage: test-e2e-i18n.py [--table] SPARROW SPARROW_CLI SCHEMA_DIR|- LOCALEDIR
#   SCHEMA_DIR "-": the schemas installed on the system; LOCALEDIR: where the catalogues that
#   give the expected words are (BUILD/po, or /usr/share/locale).
# SPDX-License-Identifier: GPL-3.0-or-later
import gettext
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
import sptap  # noqa: E402
from sptest_e2e import (Pointer, StepFailed, answer_referee, app_env, children,  # noqa: E402
                        do_action, dump, find, find_sparrow, named, outer, show_page,
                        start_app, stop_app, toplevel, wait_for, window_named)

CJK = re.compile('[\u4e00-\u9fff]')
TOURNAMENT = '台北盃'
PLAYERS = ['鄭雅文', '林志明', '黃美玲', 'Anna Berg']
# The Taiwan toggles as the hand editor names them (the rules' own terms, traditional).
TAIWAN_TOGGLES = ['槓上開花/搶槓', '海底撈月/河底撈魚', '天聽', '地聽']


def locale_for(language):
    """LANGUAGE picks the catalogue; LC_ALL the locale, the language's own when generated (a C
    locale would make gettext ignore LANGUAGE; C.UTF-8 does not)."""
    have = subprocess.run(['locale', '-a'], capture_output=True, text=True).stdout.split()
    own = language + '.utf8'
    return language + '.UTF-8' if own in have else 'C.UTF-8'


def start_page(app, t, language):
    """The main window in @language: its title and the Calculator and New Tournament buttons."""
    title, calculator = t.gettext('Sparrow'), t.gettext('Calculator')
    sptap.check(f'the {language} catalogue translates the window’s words',
                CJK.search(title) and CJK.search(calculator), f'{title} {calculator}')
    frame = wait_for(lambda: toplevel(app, title), f'the main window titled {title}')
    sptap.check(f'{language}: the main window is titled {title}', True)
    button = wait_for(lambda: find(frame, 'push button', calculator), f'the {calculator} button')
    sptap.check(f'{language}: the start page’s button reads {calculator}', button is not None)
    sptap.check(f'{language}: no English Calculator button',
                find(frame, 'push button', 'Calculator') is None)
    return frame


def taiwan_table(app, frame, t):
    """Table 1 of the Taiwan tournament: its hand dialog's seat buttons and toggles."""
    pages = frame
    row = wait_for(lambda: find(pages, 'table row', pred=lambda a: find(a, 'label', TOURNAMENT)),
                   'the tournament row')
    pointer = Pointer(frame)
    pointer.double_click(row)
    wait_for(lambda: named(frame, TOURNAMENT), 'the tournament to open')
    show_page(pointer, pages, t.pgettext('page', 'Sessions'))
    enter_at = t.gettext('Enter Hand at Table %u') % 1
    do_action(wait_for(lambda: find(pages, 'push button', enter_at), enter_at))
    # The referee's name is asked once, unless it is known already.
    asked, table_title = t.gettext('Who Is Refereeing?'), t.gettext('Table %u') % 1
    wait_for(lambda: toplevel(app, asked) or window_named(app, lambda n: n == table_title),
             'the referee’s name dialog or the table')
    ask = toplevel(app, asked)
    if ask is not None:
        wait_for(lambda: find(ask, 'text'), 'the name field').queryEditableText() \
            .setTextContents('Mei Lin')
        save = re.sub(r'\(?_(\w)\)?', '', t.gettext('_Save'))
        do_action(wait_for(lambda: find(ask, 'push button', pred=lambda a: save in (a.name or '')),
                           save))
    table = wait_for(lambda: window_named(app, lambda n: n == table_title), table_title)
    enter = t.gettext('Enter Hand')
    do_action(wait_for(lambda: find(table, 'push button', enter), enter))
    prefix = (t.gettext('Table %u · hand %u · round %s · dealer %s %s') % (1, 1, '', '', '')) \
        .split('·')[0]
    dialog = wait_for(lambda: window_named(app, lambda n: n.startswith(prefix) and '·' in n),
                      'the hand dialog')
    winner_group = t.gettext('Winner')
    box = wait_for(lambda: find(dialog, 'panel', winner_group), f'the {winner_group} buttons')
    names = [b.name for b in children(box) if b.getRoleName() == 'push button']
    starts = [n.split(' ')[0] for n in names]
    sptap.check('zh_TW: the seat buttons begin with 東 南 西 北', starts == ['東', '南', '西', '北'],
                str(names))
    missing = [term for term in TAIWAN_TOGGLES if find(dialog, 'check box', term) is None]
    sptap.check('zh_TW: the Taiwan toggles read in traditional characters', missing == [],
                f'missing {missing}')


def inner(argv):
    import pyatspi  # noqa: F401 (the bus must be this process's own before it is imported)

    table_mode = argv[0] == '--table'
    if table_mode:
        argv = argv[1:]
    sparrow, cli, schemas, localedir = argv
    work = tempfile.mkdtemp(prefix='sparrow-e2e-i18n-')
    db = os.path.join(work, 'events.db')
    run_cli = sptap.command(cli, 60)

    rc, out, err = run_cli('--version')
    sptap.check('sparrow-cli --version', rc == 0 and out.startswith('sparrow-cli '), out + err)
    if table_mode:
        ok = run_cli('--db', db, 'tournament', 'create', '--name', TOURNAMENT, '--rules', 'taiwan',
                     '--sessions', '1')[0] == 0
        for name in PLAYERS:
            ok = ok and run_cli('--db', db, 'players', 'add', name)[0] == 0
        ok = ok and run_cli('--db', db, 'seating', 'draw', '--session', '1', '--seed', '3')[0] == 0
        sptap.check('sparrow-cli prepares a Taiwan tournament', ok)

    for language in ('zh_CN', 'zh_TW'):
        t = gettext.translation('sparrow', localedir, [language])
        env = app_env(work, db, schemas)
        if schemas == '-':
            del env['GSETTINGS_SCHEMA_DIR']
        env['LANGUAGE'] = language
        env['LC_ALL'] = locale_for(language)
        print(f'# {language}: LC_ALL={env["LC_ALL"]}')
        process = start_app(sparrow, env)
        try:
            app = wait_for(find_sparrow, 'sparrow on the accessibility bus')
            frame = start_page(app, t, language)
            if table_mode and language == 'zh_TW':
                taiwan_table(app, frame, t)
        except StepFailed as e:
            sptap.check(f'{language}: the window steps', False, str(e))
            app = find_sparrow()
            for window in children(app) if app is not None else []:
                dump(window)
        finally:
            stop_app(process, sptap.check)
    shutil.rmtree(work, ignore_errors=True)
    sptap.finish()


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--inner':
        inner(sys.argv[2:])
    else:
        args = sys.argv[1:]
        flags = [a for a in args if a.startswith('--')]
        rest = [a if a == '-' else os.path.abspath(a) for a in args if not a.startswith('--')]
        if len(rest) != 4:
            print('usage: test-e2e-i18n.py [--table] SPARROW SPARROW_CLI SCHEMA_DIR|- LOCALEDIR',
                  file=sys.stderr)
            sys.exit(2)
        sys.exit(outer(__file__, [*flags, *rest]))
