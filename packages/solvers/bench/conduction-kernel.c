/* The explicit 7-point conduction update of src/thermal (terms.ts explicitConductionUpdate), written
 * in C for the throughput comparison of bench/conduction-kernel.ts (compiled there with gcc -O2 and
 * with gcc -O3 -march=native; the latter may fuse multiply-adds, so its checksum agrees to 1e-9
 * rather than bitwise): the same algorithm line by line
 * (same data layout; rows swept two layers at a time with the face between the layers computed
 * once, four columns of two cells per iteration and the row's last one to four columns one at a
 * time; neighbour offsets 0 where the mesh ends; a left-over layer one cell at a time) and the same
 * arithmetic in the same order, so both give the same checksum. The step is the kernel plus T = T(E)
 * (a copy here, unit capacity). The seven arrays lie one after another in one block, as in the
 * TypeScript run and the thermal solver. TypeScript reads them through one Float64Array view with an
 * offset per array (V8 keeps registers and re-checks per typed-array object); C keeps a pointer per
 * array, its natural form and gcc -O2's fastest (the view-plus-offsets form, H[i + oT], ran at
 * 228 against 311–331 M cell updates/s, CPU time, 100³).
 * Usage: conduction-kernel NX NY NZ STEPS  -> prints "cells_per_second checksum". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void explicit_conduction_update(const double *T, const double *Gx, const double *Gy, const double *Gz, int nx_, int ny, int nz, const double *r, const double *extra, double *E) {
  const long nx = nx_, plane = nx * ny, n = plane * nz;
  const long paired = n - (nz % 2) * plane;
  for (long base = 0; base < paired; base += 2 * plane) {
    for (long row = base; row < base + plane; row += nx) {
      const long last = row + nx - 1;
      const long ym = row > 0 ? nx : 0, yp = row + plane + nx < n ? nx : 0;
      const long zm = row >= plane ? plane : 0, zp = row + 2 * plane < n ? plane : 0;
      double t0 = T[row], t1 = T[row + plane];
      double w0 = 0, w1 = 0;
      long i = row;
      /* Columns i, j, k, m (digit 0 the lower layer, 1 the upper); temperatures t, a, b, c, and d of the next column. */
      for (; i < last - 3; i += 4) {
        const long i0 = i, i1 = i0 + plane;
        const long j0 = i0 + 1, j1 = i1 + 1;
        const long k0 = j0 + 1, k1 = j1 + 1;
        const long m0 = k0 + 1, m1 = k1 + 1;
        const double a0 = T[j0], a1 = T[j1];
        const double ei0 = Gx[i0] * (a0 - t0), ei1 = Gx[i1] * (a1 - t1);
        const double fi = Gz[i0] * (t1 - t0);
        E[i0] = (ei0 - w0 + Gy[i0] * (T[i0 + nx] - t0) - Gy[i0 - ym] * (t0 - T[i0 - ym]) + fi - Gz[i0 - zm] * (t0 - T[i0 - zm]) + extra[i0]) * r[i0] + E[i0];
        E[i1] = (ei1 - w1 + Gy[i1] * (T[i1 + yp] - t1) - Gy[i1 - nx] * (t1 - T[i1 - nx]) + Gz[i1] * (T[i1 + zp] - t1) - fi + extra[i1]) * r[i1] + E[i1];
        const double b0 = T[k0], b1 = T[k1];
        const double ej0 = Gx[j0] * (b0 - a0), ej1 = Gx[j1] * (b1 - a1);
        const double fj = Gz[j0] * (a1 - a0);
        E[j0] = (ej0 - ei0 + Gy[j0] * (T[j0 + nx] - a0) - Gy[j0 - ym] * (a0 - T[j0 - ym]) + fj - Gz[j0 - zm] * (a0 - T[j0 - zm]) + extra[j0]) * r[j0] + E[j0];
        E[j1] = (ej1 - ei1 + Gy[j1] * (T[j1 + yp] - a1) - Gy[j1 - nx] * (a1 - T[j1 - nx]) + Gz[j1] * (T[j1 + zp] - a1) - fj + extra[j1]) * r[j1] + E[j1];
        const double c0 = T[m0], c1 = T[m1];
        const double ek0 = Gx[k0] * (c0 - b0), ek1 = Gx[k1] * (c1 - b1);
        const double fk = Gz[k0] * (b1 - b0);
        E[k0] = (ek0 - ej0 + Gy[k0] * (T[k0 + nx] - b0) - Gy[k0 - ym] * (b0 - T[k0 - ym]) + fk - Gz[k0 - zm] * (b0 - T[k0 - zm]) + extra[k0]) * r[k0] + E[k0];
        E[k1] = (ek1 - ej1 + Gy[k1] * (T[k1 + yp] - b1) - Gy[k1 - nx] * (b1 - T[k1 - nx]) + Gz[k1] * (T[k1 + zp] - b1) - fk + extra[k1]) * r[k1] + E[k1];
        const double d0 = T[m0 + 1], d1 = T[m1 + 1];
        const double em0 = Gx[m0] * (d0 - c0), em1 = Gx[m1] * (d1 - c1);
        const double fm = Gz[m0] * (c1 - c0);
        E[m0] = (em0 - ek0 + Gy[m0] * (T[m0 + nx] - c0) - Gy[m0 - ym] * (c0 - T[m0 - ym]) + fm - Gz[m0 - zm] * (c0 - T[m0 - zm]) + extra[m0]) * r[m0] + E[m0];
        E[m1] = (em1 - ek1 + Gy[m1] * (T[m1 + yp] - c1) - Gy[m1 - nx] * (c1 - T[m1 - nx]) + Gz[m1] * (T[m1 + zp] - c1) - fm + extra[m1]) * r[m1] + E[m1];
        w0 = em0; w1 = em1;
        t0 = d0; t1 = d1;
      }
      /* The row's last one to four columns, one at a time (the last one has no east neighbour). */
      for (; i <= last; i++) {
        const long xp = i < last ? 1 : 0;
        const long i1 = i + plane;
        const double u0 = T[i + xp], u1 = T[i1 + xp];
        const double e0 = Gx[i] * (u0 - t0), e1 = Gx[i1] * (u1 - t1);
        const double f = Gz[i] * (t1 - t0);
        E[i] = (e0 - w0 + Gy[i] * (T[i + nx] - t0) - Gy[i - ym] * (t0 - T[i - ym]) + f - Gz[i - zm] * (t0 - T[i - zm]) + extra[i]) * r[i] + E[i];
        E[i1] = (e1 - w1 + Gy[i1] * (T[i1 + yp] - t1) - Gy[i1 - nx] * (t1 - T[i1 - nx]) + Gz[i1] * (T[i1 + zp] - t1) - f + extra[i1]) * r[i1] + E[i1];
        w0 = e0; w1 = e1;
        t0 = u0; t1 = u1;
      }
    }
  }
  /* The layer left over, one cell at a time. */
  for (long row = paired; row < n; row += nx) {
    const long last = row + nx - 1;
    const long ym = row > 0 ? nx : 0, yp = row + nx < n ? nx : 0, zm = row >= plane ? plane : 0, zp = row + plane < n ? plane : 0;
    double t = T[row], west = 0;
    for (long i = row; i <= last; i++) {
      const long xp = i < last ? 1 : 0;
      const double tEast = T[i + xp];
      const double east = Gx[i] * (tEast - t);
      E[i] = (east - west + Gy[i] * (T[i + yp] - t) - Gy[i - ym] * (t - T[i - ym]) + Gz[i] * (T[i + zp] - t) - Gz[i - zm] * (t - T[i - zm]) + extra[i]) * r[i] + E[i];
      west = east;
      t = tEast;
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 5) { fprintf(stderr, "usage: %s NX NY NZ STEPS\n", argv[0]); return 2; }
  const int nx = atoi(argv[1]), ny = atoi(argv[2]), nz = atoi(argv[3]), steps = atoi(argv[4]);
  const long n = (long)nx * ny * nz;
  /* One block, the arrays one after another in the order of the TypeScript side (and the solver's). */
  double *block = malloc(sizeof(double) * 7 * n);
  double *T = block, *Gx = block + n, *Gy = block + 2 * n, *Gz = block + 3 * n, *rdt = block + 4 * n, *extra = block + 5 * n, *E = block + 6 * n;
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
