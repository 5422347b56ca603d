#pragma once

#include <QString>

namespace tx {

// The trained demo model that ships inside the program: a 2-layer Llama-style character model of
// Tang poems (resources/models/tang-poems-demo, trained by scripts/train-demo-model.sh), with its
// config.json, model.safetensors and tokenizer.json. RunnableModel::fromCheckpoint(path()) opens it.
struct DemoModel
{
    // The folder inside the program's resources.
    static QString path() { return QStringLiteral(":/models/tang-poems-demo"); }
    // The sentence the attention view starts on: two lines of Li Bai's 静夜思, simplified.
    static QString sampleText() { return QStringLiteral("床前明月光，疑是地上霜。举头望明月，低头思故乡。"); }
};

} // namespace tx
