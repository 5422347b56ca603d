#pragma once

#include <QString>

namespace tx {

// A recoverable error, shown to the user as one line: "file: field: message".
struct Error
{
    QString file;    // the file being read, empty when the input was not a file
    QString field;   // the offending field or key, e.g. "n_kv_heads"
    QString message; // what is wrong, in plain words

    QString toString() const
    {
        QString s;
        if (!file.isEmpty())
            s += file + QStringLiteral(": ");
        if (!field.isEmpty())
            s += field + QStringLiteral(": ");
        return s + message;
    }
};

} // namespace tx
