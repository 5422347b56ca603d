#include "core/calibrate/processmemory.h"

#include <QByteArray>
#include <QFile>

namespace tx {

namespace {

double statusBytes(const char *field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0.0;
    const QByteArray prefix = QByteArray(field) + ':';
    // /proc files report size 0, so QFile::atEnd() holds from the start: read them whole.
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(prefix)) // "VmRSS:	  123456 kB"
            return line.mid(prefix.size()).trimmed().split(' ').value(0).toDouble() * 1024.0;
    }
    return 0.0;
}

} // namespace

double ProcessMemory::residentBytes()
{
    return statusBytes("VmRSS");
}

double ProcessMemory::peakResidentBytes()
{
    return statusBytes("VmHWM");
}

bool ProcessMemory::resetPeak()
{
    QFile f(QStringLiteral("/proc/self/clear_refs"));
    if (!f.open(QIODevice::WriteOnly))
        return false;
    return f.write("5") == 1;
}

} // namespace tx
