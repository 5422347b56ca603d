#pragma once

#include <QHash>
#include <QTranslator>

namespace tx {

// The program's translations for one language: the lrelease-built :/i18n/*.qm, plus a lookup
// by source text alone from the embedded .ts. The fallback exists because core's tr() helpers
// pass their own class as context ("tx::Explainer") while lupdate files strings of free
// functions under the namespace ("tx") or the local class ("tx::Builder"); the text is the same.
class Translator : public QTranslator
{
    Q_OBJECT
public:
    explicit Translator(QObject *parent = nullptr);

    // Loads "zh_CN", "en", …; false when the program has no translation for it.
    bool loadLanguage(const QString &code);
    QString code() const { return m_code; }
    bool isEmpty() const override { return QTranslator::isEmpty() && m_bySource.isEmpty(); }

    QString translate(const char *context, const char *sourceText, const char *disambiguation = nullptr,
                      int n = -1) const override;

private:
    QString m_code;
    QHash<QString, QString> m_bySource; // source text -> finished translation
};

} // namespace tx
