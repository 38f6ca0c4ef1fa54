#!/usr/bin/env python3
# test-cli-i18n.py: sparrow-cli speaks the reader's language from the build tree as installed:
# it binds its text domain to BUILD/po when it runs from a build folder (build.ninja above its
# own folder), to $SPARROW_LOCALEDIR when that is set, and to the installed prefix otherwise.
# The messages expected are read from the catalogues the build compiled.  TAP output.
#
# Usage: test-cli-i18n.py SPARROW_CLI BUILD_LOCALEDIR INSTALLED_LOCALEDIR
# SPDX-License-Identifier: GPL-3.0-or-later
import gettext
import os
import re
import shutil
import subprocess
import sys
import tempfile

import sptap

cli, build_po, installed_po = sys.argv[1:4]
UNKNOWN = "unknown command '%s' (see sparrow-cli --help)"
CJK = re.compile('[\u4e00-\u9fff]')


def run(program, language, **extra):
    # C.UTF-8, not C: gettext ignores LANGUAGE in the C locale only.
    env = dict(os.environ, LANGUAGE=language, LC_ALL='C.UTF-8')
    env.pop('SPARROW_LOCALEDIR', None)
    env.update(extra)
    p = subprocess.run([program, 'no-such-command'], capture_output=True, text=True, env=env,
                       timeout=60)
    return p.returncode, p.stderr.strip()


def expected(language):
    catalogue = gettext.translation('sparrow', build_po, [language])
    return 'sparrow-cli: ' + catalogue.gettext(UNKNOWN) % 'no-such-command'


english = 'sparrow-cli: ' + UNKNOWN % 'no-such-command'
for language in ('zh_CN', 'zh_TW'):
    want = expected(language)
    sptap.check(f'the build tree has a {language} catalogue that translates the message',
                want != english and CJK.search(want), want)
    rc, err = run(cli, language)
    sptap.check(f'sparrow-cli of the build tree answers in {language}', rc == 2 and err == want,
                f'{rc} {err!r}, expected {want!r}')
sptap.check('simplified and traditional differ', expected('zh_CN') != expected('zh_TW'))

rc, err = run(cli, 'en')
sptap.check('LANGUAGE=en answers in English', err == english, err)

# $SPARROW_LOCALEDIR wins: a folder without the catalogues gives English.
with tempfile.TemporaryDirectory(prefix='sparrow-i18n-') as empty:
    rc, err = run(cli, 'zh_CN', SPARROW_LOCALEDIR=empty)
    sptap.check('$SPARROW_LOCALEDIR names the catalogues’ folder', err == english, err)

with tempfile.TemporaryDirectory(prefix='sparrow-i18n-') as work:
    # A copy in a tree shaped as a build folder: WORK/app/sparrow-cli, WORK/build.ninja,
    # WORK/po/zh_TW/LC_MESSAGES/sparrow.mo.
    os.makedirs(os.path.join(work, 'app'))
    os.makedirs(os.path.join(work, 'po', 'zh_TW', 'LC_MESSAGES'))
    shutil.copy(cli, os.path.join(work, 'app', 'sparrow-cli'))
    shutil.copy(os.path.join(build_po, 'zh_TW', 'LC_MESSAGES', 'sparrow.mo'),
                os.path.join(work, 'po', 'zh_TW', 'LC_MESSAGES'))
    open(os.path.join(work, 'build.ninja'), 'w').close()
    rc, err = run(os.path.join(work, 'app', 'sparrow-cli'), 'zh_TW')
    sptap.check('a binary in any build folder reads that folder’s po/', err == expected('zh_TW'),
                err)

    # The same copy outside a build folder (no build.ninja) reads the installed prefix.
    os.remove(os.path.join(work, 'build.ninja'))
    rc, err = run(os.path.join(work, 'app', 'sparrow-cli'), 'zh_TW')
    installed = os.path.join(installed_po, 'zh_TW', 'LC_MESSAGES', 'sparrow.mo')
    if os.path.exists(installed):
        sptap.check('outside a build folder the installed catalogue is read',
                    CJK.search(err) is not None, err)
    else:
        sptap.check('outside a build folder the installed prefix is read (none installed here: '
                    'English)', err == english, err)

sptap.finish()
