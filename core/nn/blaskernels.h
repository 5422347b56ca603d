#pragma once

// Which kernels OpenBLAS runs the engine's large matrix products with, and a
// correction for CPUs the packaged OpenBLAS does not know.
//
// Debian 12's OpenBLAS (0.3.21, built with DYNAMIC_ARCH) picks its kernels from
// the CPU's family and model numbers, not from its feature flags. A model newer
// than its table falls back to "Prescott" (SSE3): measured on an Intel Xeon,
// family 6 model 207 (Emerald Rapids, AVX-512 with bf16), where
// `openblas_get_corename()` returns "Prescott" and a T2 training step ran at 15
// % of the core's FMA peak instead of 70 % (README "Speed"). OpenBLAS reads
// OPENBLAS_CORETYPE only while it initialises, when the library is loaded,
// before main(); so when the detected kernels are narrower than the CPU's flags
// allow, ensure() sets OPENBLAS_CORETYPE (which child processes such as the
// PyTorch reference of the benches inherit) and asks OpenBLAS to initialise its
// kernel table again (gotoblas_dynamic_quit / gotoblas_dynamic_init, exported
// by every DYNAMIC_ARCH build; without them nothing is changed and the report
// says so).
//
// ensure() runs once per process, before the first product: every main() that
// uses the engine calls it first, and Transformer::create calls it too. An
// OPENBLAS_CORETYPE set by the user is left alone.

#include <QCoreApplication>
#include <QString>

namespace tx::ops {

class BlasKernels {
  Q_DECLARE_TR_FUNCTIONS(tx::ops::BlasKernels)

public:
  struct Report {
    QString
        detected; // what OpenBLAS chose by itself ("Prescott", "SkylakeX", …)
    QString used; // what it runs now
    QString reason; // why they differ, or empty
  };

  // Checks, corrects if needed (once), and returns what was found and done.
  static const Report &ensure();

  // The OpenBLAS core name the CPU's flags support at best: "Cooperlake"
  // (AVX-512 with bf16), "SkylakeX" (AVX-512F/BW/DQ/VL), "Haswell" (AVX2+FMA),
  // "Sandybridge" (AVX) or "" (SSE only).
  static QString bestCoreForCpu();

  // The vector width a core name of OpenBLAS 0.3.21 stands for: 3 AVX-512, 2
  // AVX2, 1 AVX, 0 SSE (an unknown name counts as 0).
  static int widthOfCore(const QString &name);

private:
  static Report check();
};

} // namespace tx::ops
