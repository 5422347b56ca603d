#include "core/nn/blaskernels.h"

// OpenBLAS's C interface: the first is public API; the two below are exported
// by DYNAMIC_ARCH builds only (driver/others/dynamic.c), so they are weak and
// may be null.
extern "C" {
char *openblas_get_corename(void);
void gotoblas_dynamic_init(void) __attribute__((weak));
void gotoblas_dynamic_quit(void) __attribute__((weak));
}

namespace tx::ops {

namespace {

QString coreName() {
  const char *name = openblas_get_corename();
  return name ? QString::fromLatin1(name) : QString();
}

} // namespace

BlasKernels::Report BlasKernels::check() {
  BlasKernels::Report r;
  r.detected = r.used = coreName();
  if (qEnvironmentVariableIsSet("OPENBLAS_CORETYPE"))
    return r; // the user's choice (or the benches' simulated AVX2) stands
  const QString best = bestCoreForCpu();
  if (widthOfCore(r.detected) >= widthOfCore(best))
    return r;
  if (!gotoblas_dynamic_init || !gotoblas_dynamic_quit) {
    r.reason =
        tr("OpenBLAS chose %1 kernels for a CPU that has %2; this OpenBLAS "
           "cannot change them (set OPENBLAS_CORETYPE=%2 before starting)")
            .arg(r.detected, best);
    return r;
  }
  // Child processes (the benches' PyTorch reference) inherit the same choice.
  qputenv("OPENBLAS_CORETYPE", best.toLatin1());
  gotoblas_dynamic_quit();
  gotoblas_dynamic_init();
  r.used = coreName();
  r.reason = tr("OpenBLAS does not know this CPU model and chose %1 kernels; "
                "its flags allow %2, which are used instead")
                 .arg(r.detected, r.used);
  return r;
}

const BlasKernels::Report &BlasKernels::ensure() {
  static const Report report = check();
  return report;
}

QString BlasKernels::bestCoreForCpu() {
  __builtin_cpu_init();
  // SkylakeX's kernels need F, BW, DQ and VL (OpenBLAS
  // kernel/x86_64/*skylakex*); Cooperlake's add the bf16 instructions. GCC's
  // check includes the operating system's XSAVE support.
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
    return __builtin_cpu_supports("avx512bf16") ? QStringLiteral("Cooperlake")
                                                : QStringLiteral("SkylakeX");
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    return QStringLiteral("Haswell");
  if (__builtin_cpu_supports("avx"))
    return QStringLiteral("Sandybridge");
  return {};
}

int BlasKernels::widthOfCore(const QString &name) {
  // The core names of OpenBLAS 0.3.21's x86-64 DYNAMIC_ARCH table, by the
  // widest vectors their kernels use (Steamroller has AVX and FMA but not AVX2;
  // Excavator adds AVX2).
  static const char *const avx512[] = {"SkylakeX", "Cooperlake",
                                       "SapphireRapids"};
  static const char *const avx2[] = {"Haswell", "Zen", "Excavator"};
  static const char *const avx[] = {"Sandybridge", "Bulldozer", "Piledriver",
                                    "Steamroller"};
  auto in = [&name](const auto &list) {
    for (const char *n : list)
      if (name.compare(QLatin1String(n), Qt::CaseInsensitive) == 0)
        return true;
    return false;
  };
  if (in(avx512))
    return 3;
  if (in(avx2))
    return 2;
  if (in(avx))
    return 1;
  return 0;
}

} // namespace tx::ops
