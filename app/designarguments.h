#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"

#include <QCoreApplication>
#include <QStringList>

namespace tx {

// The design options every subcommand shares:
//   --preset NAME | --config FILE | --hf-config FILE, then any number of --set key=value.
// Consumes those options from `args` and leaves the rest for the subcommand.
class DesignArguments
{
    Q_DECLARE_TR_FUNCTIONS(tx::DesignArguments)

public:
    static Expected<ModelConfig, Error> take(QStringList &args);
    // Removes "--name value" (or "--name=value") from args; returns the value or a null string.
    static QString takeOption(QStringList &args, const QString &name, bool *present = nullptr);
    static bool takeFlag(QStringList &args, const QString &name);
};

} // namespace tx
