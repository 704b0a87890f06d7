/* The explicit 7-point conduction update of src/thermal (terms.ts conductionFluxes + the update
 * of a constant-capacity cell), written in C for the throughput comparison of
 * bench/conduction-kernel.ts. Same data layout, same one-pass gather loop, same arithmetic.
 * The step is the kernel plus T = T(E) (a copy here, unit capacity).
 * Usage: conduction-kernel NX NY NZ STEPS  -> prints "cells_per_second checksum". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void explicit_conduction_update(const double *T, const double *Gx, const double *Gy, const double *Gz, int nx, int ny, int nz, const double *r, const double *extra, double *E) {
  const long plane = (long)nx * ny;
  for (long iz = 0; iz < nz; iz++) {
    const long zm = iz > 0 ? plane : 0, zp = iz < nz - 1 ? plane : 0;
    for (long iy = 0; iy < ny; iy++) {
      const long row = nx * (iy + ny * iz), end = row + nx - 1;
      const long ym = (iy > 0 || iz > 0) ? nx : 0, yp = (iy < ny - 1 || iz < nz - 1) ? nx : 0;
      double previous = 0;
      for (long i = row; i < end; i++) {
        const double t = T[i];
        const double fx = Gx[i] * (T[i + 1] - t);
        const double sum = fx - previous + Gy[i] * (T[i + yp] - t) - Gy[i - ym] * (t - T[i - ym]) + Gz[i] * (T[i + zp] - t) - Gz[i - zm] * (t - T[i - zm]);
        E[i] += r[i] * (sum + extra[i]);
        previous = fx;
      }
      const double t = T[end];
      const double sum = -previous + Gy[end] * (T[end + yp] - t) - Gy[end - ym] * (t - T[end - ym]) + Gz[end] * (T[end + zp] - t) - Gz[end - zm] * (t - T[end - zm]);
      E[end] += r[end] * (sum + extra[end]);
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 5) { fprintf(stderr, "usage: %s NX NY NZ STEPS\n", argv[0]); return 2; }
  const int nx = atoi(argv[1]), ny = atoi(argv[2]), nz = atoi(argv[3]), steps = atoi(argv[4]);
  const long n = (long)nx * ny * nz;
  double *T = malloc(sizeof(double) * n), *Gx = malloc(sizeof(double) * n), *Gy = malloc(sizeof(double) * n), *Gz = malloc(sizeof(double) * n);
  double *E = malloc(sizeof(double) * n), *rdt = malloc(sizeof(double) * n), *extra = malloc(sizeof(double) * n);
  for (long i = 0; i < n; i++) {
    const int ix = i % nx, iy = (i / nx) % ny, iz = i / ((long)nx * ny);
    T[i] = 293.15 + (ix == nx / 2 && iy == ny / 2 && iz == nz / 2 ? 1000.0 : 0.0);
    Gx[i] = ix < nx - 1 ? 1.0 : 0.0; Gy[i] = iy < ny - 1 ? 1.0 : 0.0; Gz[i] = iz < nz - 1 ? 1.0 : 0.0;
    rdt[i] = 0.15; /* dt / V with a unit capacity: below the stability limit 1/6 */
    extra[i] = 0;
    E[i] = T[i];
  }
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (int s = 0; s < steps; s++) {
    explicit_conduction_update(T, Gx, Gy, Gz, nx, ny, nz, rdt, extra, E);
    memcpy(T, E, sizeof(double) * n); /* T(E): the identity for a unit capacity */
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  const double seconds = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  double sum = 0; for (long i = 0; i < n; i++) sum += T[i];
  printf("%.6e %.10e\n", (double)n * steps / seconds, sum);
  return 0;
}
