#include "core/calibrate/calibrationjson.h"

#include "core/design/designfile.h"

#include <QJsonArray>

#include <cmath>

namespace tx {

QJsonObject CalibrationJson::toJson(const CalibrationTable &t)
{
    QJsonObject cpu{{QStringLiteral("name"), t.cpu.cpuName},
                    {QStringLiteral("isa"), t.cpu.isa},
                    {QStringLiteral("threads"), t.cpu.threads},
                    {QStringLiteral("gflops_per_core"), t.cpu.gflopsPerCore},
                    {QStringLiteral("peak_flops"), t.cpu.peakFlops()},
                    {QStringLiteral("bandwidth_bytes_per_second"), t.cpu.bandwidthBytesPerSecond},
                    {QStringLiteral("load_average"), t.cpu.loadAverage}};
    QJsonObject shape{{QStringLiteral("batch"), t.settings.batch},
                      {QStringLiteral("seq"), t.settings.seq},
                      {QStringLiteral("prompt_tokens"), t.promptTokens},
                      {QStringLiteral("generated_tokens"), t.settings.generate},
                      {QStringLiteral("repeats"), t.settings.repeats}};
    QJsonArray rows;
    for (const CalibrationRow &r : t.rows) {
        const double error = r.errorPercent();
        rows.append(QJsonObject{{QStringLiteral("key"), r.key},
                                {QStringLiteral("unit"), r.unit == CalibrationRow::Unit::Seconds ? QStringLiteral("s")
                                                                                                 : QStringLiteral("bytes")},
                                {QStringLiteral("predicted"), r.predicted},
                                {QStringLiteral("measured"), r.measured},
                                {QStringLiteral("error_percent"), std::isfinite(error) ? QJsonValue(error) : QJsonValue()},
                                {QStringLiteral("basis"), r.basis}});
    }
    return QJsonObject{{QStringLiteral("design"), DesignFile::toJson(t.config)},
                       {QStringLiteral("params_total"), double(t.params)},
                       {QStringLiteral("scaled_down"), QJsonArray::fromStringList(t.changes)},
                       {QStringLiteral("trained"), t.trained},
                       {QStringLiteral("shape"), shape},
                       {QStringLiteral("cpu"), cpu},
                       {QStringLiteral("rows"), rows}};
}

} // namespace tx
