#include "ui/lab/checkpointsaveworker.h"

#include "core/base/numberformat.h"
#include "core/base/stoptoken.h"
#include "core/formats/checkpointresave.h"
#include "core/formats/hfcheckpoint.h"

#include <QFileInfo>

#include <algorithm>

namespace tx {

CheckpointSaveWorker::CheckpointSaveWorker(QObject *parent)
    : QObject(parent)
{
}

void CheckpointSaveWorker::save(const QString &sourcePath, const QString &dir, qint64 capBytes)
{
    emit progress(0, tr("Reading %1").arg(QFileInfo(sourcePath).fileName()));
    auto source = CheckpointResave::describe(sourcePath);
    if (!source) {
        emit failed(source.error().toString());
        return;
    }
    auto model = HfCheckpoint::load(sourcePath, capBytes);
    if (!model) {
        emit failed(model.error().toString());
        return;
    }
    if (m_cancel.load()) {
        emit cancelled();
        return;
    }
    // Loading is the first fifth of the work; writing model.safetensors the rest, by bytes.
    int last = -1;
    const StopToken stop(&m_cancel, [this, &last](std::int64_t written, std::int64_t total) {
        const int percent = 20 + int(80 * written / std::max<std::int64_t>(1, total));
        if (percent == last)
            return;
        last = percent;
        emit progress(percent, tr("Writing model.safetensors: %1 of %2").arg(NumberFormat::bytes(double(written)),
                                                                                 NumberFormat::bytes(double(total))));
    });
    auto written = CheckpointResave::save(*model, *source, dir, {}, stop);
    if (!written) {
        if (m_cancel.load())
            emit cancelled();
        else
            emit failed(written.error().toString());
        return;
    }
    emit progress(100, tr("Saved"));
    emit saved(written->dir, written->files, written->bytes);
}

} // namespace tx
