#pragma once

#include <QString>
#include <QStringList>

namespace tx {

// What a killed save can leave beside its file, and clearing it on the next start.
//
// QSaveFile on Linux writes an unnamed O_TMPFILE and links it in at commit(); when the target
// already exists, Qt links it under "<target>.XXXXXX" (six random ASCII letters) and then
// renames that over the target (qtbase src/corelib/io/qtemporaryfile.cpp,
// QTemporaryFileEngine::materializeUnnamedFile, EEXIST branch; the same name is the whole-write
// temporary where O_TMPFILE is missing). A kill between the link and the rename leaves that
// file: the complete new version, while the target still holds the complete old one.
//
// Only a file that can be such a leftover is touched: its name is the target's name, a dot and
// six letters; it is a plain file; and it was written after the target (a save's temporary is
// always newer than the file it replaces), so a user's older "design.json.backup" stays. It is
// moved to the trash (QFile::moveToTrash), not deleted: the save it belonged to never finished,
// but nothing the user may want is destroyed. If there is no trash it is left where it is.
class SaveLeftovers
{
public:
    // The leftovers beside `target` (absolute paths), oldest first.
    static QStringList find(const QString &target);
    // Moves find(target)'s files to the trash; returns the ones moved.
    static QStringList clear(const QString &target);
    // Every leftover in `folder` of a file whose name starts with `prefix` (files only this
    // program writes, such as the autosaves): removed outright; returns the ones removed. Other
    // files there, a user's "design.json.backup" say, are left alone.
    static QStringList removeIn(const QString &folder, const QString &prefix);
};

} // namespace tx
