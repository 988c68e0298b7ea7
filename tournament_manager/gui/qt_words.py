"""Qt's own words that Qt's shipped Chinese catalogues lack.

Qt 6 gave two labels of its file dialog an accelerator ("&Look in:", "Files of &type:");
`qtbase_zh_CN.qm` and `qtbase_zh_TW.qm` still translate only the old texts, so File ▸
Open and every Save dialog showed them in English in a Chinese window (where the
platform has no native dialog, as on a bare Linux desktop). Listed here in Qt's own
context, they are translated in our catalogues, which Qt asks first (installed after its
own: `translation.install_translations`). `tests/gui/test_languages.py` opens the dialog
in each language and finds no English label.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

QT_WORDS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)
