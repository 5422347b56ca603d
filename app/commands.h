#pragma once

#include <QStringList>

namespace tx {

// Headless subcommands. Each takes the arguments after its name and returns the exit
// code: 0 on success, 2 on bad input (with one line on stderr naming the file and field).
int runPresetsCommand(QStringList args);
int runSizeCommand(QStringList args);
int runReportCommand(QStringList args);
int runChartCommand(QStringList args);
int runSweepCommand(QStringList args);
int runRunCommand(QStringList args);
int runTrainCommand(QStringList args);
int runExportCommand(QStringList args);
int runSolveCommand(QStringList args);
int runInspectCommand(QStringList args);
int runWhatIfCommand(QStringList args);
int runCalibrateCommand(QStringList args);
int runCheckpointCommand(QStringList args);

} // namespace tx
