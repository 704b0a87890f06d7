/* The explicit 7-point conduction update of src/thermal (terms.ts explicitConductionUpdate), written
 * in C for the throughput comparison of bench/conduction-kernel.ts: the same algorithm line by line
 * (same data layout; rows swept four layers at a time with the faces between the layers computed
 * once; neighbour offsets 0 where the mesh ends; left-over layers one at a time) and the same
 * arithmetic in the same order, so both give the same checksum. The step is the kernel plus T = T(E)
 * (a copy here, unit capacity).
 * Usage: conduction-kernel NX NY NZ STEPS  -> prints "cells_per_second checksum". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void explicit_conduction_update(const double *T, const double *Gx, const double *Gy, const double *Gz, int nx_, int ny, int nz, const double *r, const double *extra, double *E) {
  const long nx = nx_, plane = nx * ny, n = plane * nz;
  const long stacked = n - (nz % 4) * plane;
  for (long base = 0; base < stacked; base += 4 * plane) {
    for (long row = base; row < base + plane; row += nx) {
      const long last = row + nx - 1;
      const long ym = row > 0 ? nx : 0, yp = row + 3 * plane + nx < n ? nx : 0;
      const long zm = row >= plane ? plane : 0, zp = row + 4 * plane < n ? plane : 0;
      double t0 = T[row], t1 = T[row + plane], t2 = T[row + 2 * plane], t3 = T[row + 3 * plane];
      double w0 = 0, w1 = 0, w2 = 0, w3 = 0;
      for (long i = row; i <= last; i++) {
        const long xp = i < last ? 1 : 0;
        const long i1 = i + plane, i2 = i1 + plane, i3 = i2 + plane;
        const double u0 = T[i + xp], u1 = T[i1 + xp], u2 = T[i2 + xp], u3 = T[i3 + xp];
        const double e0 = Gx[i] * (u0 - t0), e1 = Gx[i1] * (u1 - t1), e2 = Gx[i2] * (u2 - t2), e3 = Gx[i3] * (u3 - t3);
        const double f01 = Gz[i] * (t1 - t0), f12 = Gz[i1] * (t2 - t1), f23 = Gz[i2] * (t3 - t2);
        E[i] += r[i] * (e0 - w0 + Gy[i] * (T[i + nx] - t0) - Gy[i - ym] * (t0 - T[i - ym]) + f01 - Gz[i - zm] * (t0 - T[i - zm]) + extra[i]);
        E[i1] += r[i1] * (e1 - w1 + Gy[i1] * (T[i1 + nx] - t1) - Gy[i1 - nx] * (t1 - T[i1 - nx]) + f12 - f01 + extra[i1]);
        E[i2] += r[i2] * (e2 - w2 + Gy[i2] * (T[i2 + nx] - t2) - Gy[i2 - nx] * (t2 - T[i2 - nx]) + f23 - f12 + extra[i2]);
        E[i3] += r[i3] * (e3 - w3 + Gy[i3] * (T[i3 + yp] - t3) - Gy[i3 - nx] * (t3 - T[i3 - nx]) + Gz[i3] * (T[i3 + zp] - t3) - f23 + extra[i3]);
        w0 = e0; w1 = e1; w2 = e2; w3 = e3;
        t0 = u0; t1 = u1; t2 = u2; t3 = u3;
      }
    }
  }
  /* Left-over layers, one at a time. */
  for (long row = stacked; row < n; row += nx) {
    const long last = row + nx - 1;
    const long ym = row > 0 ? nx : 0, yp = row + nx < n ? nx : 0, zm = row >= plane ? plane : 0, zp = row + plane < n ? plane : 0;
    double t = T[row], west = 0;
    for (long i = row; i <= last; i++) {
      const long xp = i < last ? 1 : 0;
      const double tEast = T[i + xp];
      const double east = Gx[i] * (tEast - t);
      E[i] += r[i] * (east - west + Gy[i] * (T[i + yp] - t) - Gy[i - ym] * (t - T[i - ym]) + Gz[i] * (T[i + zp] - t) - Gz[i - zm] * (t - T[i - zm]) + extra[i]);
      west = east;
      t = tEast;
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
