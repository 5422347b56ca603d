#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"

#include <QCoreApplication>
#include <QString>

namespace tx {

// Text for the character-level task: a bundled public-domain corpus (resources/corpus,
// embedded under :/corpus) or a UTF-8 file of at most 64 MB.
class Corpus
{
    Q_DECLARE_TR_FUNCTIONS(tx::Corpus)
public:
    // A bundled name ("tang-poems", "carroll-alice") or a file path. Errors name the
    // name or file in Error::file.
    static Expected<QString, Error> load(const QString &nameOrFile);
};

} // namespace tx
