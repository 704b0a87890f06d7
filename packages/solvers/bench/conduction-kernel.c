/* The explicit 7-point conduction update of src/thermal (terms.ts explicitConductionUpdate), written
 * in C for the throughput comparison of bench/conduction-kernel.ts: the same algorithm line by line
 * (same data layout; rows swept four layers at a time with the faces between the layers computed
 * once, four columns of four cells per iteration and the row's last one to four columns one at a
 * time; neighbour offsets 0 where the mesh ends; left-over layers one at a time) and the same
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
      long i = row;
      /* Columns i..i+3 (letters i, j, k, m; digits the layers); temperatures t, a, b, c, and d of the next column. */
      for (; i < last - 3; i += 4) {
        const long i0 = i, i1 = i0 + plane, i2 = i1 + plane, i3 = i2 + plane;
        const long j0 = i0 + 1, j1 = i1 + 1, j2 = i2 + 1, j3 = i3 + 1;
        const long k0 = j0 + 1, k1 = j1 + 1, k2 = j2 + 1, k3 = j3 + 1;
        const long m0 = k0 + 1, m1 = k1 + 1, m2 = k2 + 1, m3 = k3 + 1;
        const double a0 = T[j0], a1 = T[j1], a2 = T[j2], a3 = T[j3];
        const double b0 = T[k0], b1 = T[k1], b2 = T[k2], b3 = T[k3];
        const double c0 = T[m0], c1 = T[m1], c2 = T[m2], c3 = T[m3];
        const double d0 = T[m0 + 1], d1 = T[m1 + 1], d2 = T[m2 + 1], d3 = T[m3 + 1];
        const double ei0 = Gx[i0] * (a0 - t0), ei1 = Gx[i1] * (a1 - t1), ei2 = Gx[i2] * (a2 - t2), ei3 = Gx[i3] * (a3 - t3);
        const double fi01 = Gz[i0] * (t1 - t0), fi12 = Gz[i1] * (t2 - t1), fi23 = Gz[i2] * (t3 - t2);
        E[i0] += r[i0] * (ei0 - w0 + Gy[i0] * (T[i0 + nx] - t0) - Gy[i0 - ym] * (t0 - T[i0 - ym]) + fi01 - Gz[i0 - zm] * (t0 - T[i0 - zm]) + extra[i0]);
        E[i1] += r[i1] * (ei1 - w1 + Gy[i1] * (T[i1 + nx] - t1) - Gy[i1 - nx] * (t1 - T[i1 - nx]) + fi12 - fi01 + extra[i1]);
        E[i2] += r[i2] * (ei2 - w2 + Gy[i2] * (T[i2 + nx] - t2) - Gy[i2 - nx] * (t2 - T[i2 - nx]) + fi23 - fi12 + extra[i2]);
        E[i3] += r[i3] * (ei3 - w3 + Gy[i3] * (T[i3 + yp] - t3) - Gy[i3 - nx] * (t3 - T[i3 - nx]) + Gz[i3] * (T[i3 + zp] - t3) - fi23 + extra[i3]);
        const double ej0 = Gx[j0] * (b0 - a0), ej1 = Gx[j1] * (b1 - a1), ej2 = Gx[j2] * (b2 - a2), ej3 = Gx[j3] * (b3 - a3);
        const double fj01 = Gz[j0] * (a1 - a0), fj12 = Gz[j1] * (a2 - a1), fj23 = Gz[j2] * (a3 - a2);
        E[j0] += r[j0] * (ej0 - ei0 + Gy[j0] * (T[j0 + nx] - a0) - Gy[j0 - ym] * (a0 - T[j0 - ym]) + fj01 - Gz[j0 - zm] * (a0 - T[j0 - zm]) + extra[j0]);
        E[j1] += r[j1] * (ej1 - ei1 + Gy[j1] * (T[j1 + nx] - a1) - Gy[j1 - nx] * (a1 - T[j1 - nx]) + fj12 - fj01 + extra[j1]);
        E[j2] += r[j2] * (ej2 - ei2 + Gy[j2] * (T[j2 + nx] - a2) - Gy[j2 - nx] * (a2 - T[j2 - nx]) + fj23 - fj12 + extra[j2]);
        E[j3] += r[j3] * (ej3 - ei3 + Gy[j3] * (T[j3 + yp] - a3) - Gy[j3 - nx] * (a3 - T[j3 - nx]) + Gz[j3] * (T[j3 + zp] - a3) - fj23 + extra[j3]);
        const double ek0 = Gx[k0] * (c0 - b0), ek1 = Gx[k1] * (c1 - b1), ek2 = Gx[k2] * (c2 - b2), ek3 = Gx[k3] * (c3 - b3);
        const double fk01 = Gz[k0] * (b1 - b0), fk12 = Gz[k1] * (b2 - b1), fk23 = Gz[k2] * (b3 - b2);
        E[k0] += r[k0] * (ek0 - ej0 + Gy[k0] * (T[k0 + nx] - b0) - Gy[k0 - ym] * (b0 - T[k0 - ym]) + fk01 - Gz[k0 - zm] * (b0 - T[k0 - zm]) + extra[k0]);
        E[k1] += r[k1] * (ek1 - ej1 + Gy[k1] * (T[k1 + nx] - b1) - Gy[k1 - nx] * (b1 - T[k1 - nx]) + fk12 - fk01 + extra[k1]);
        E[k2] += r[k2] * (ek2 - ej2 + Gy[k2] * (T[k2 + nx] - b2) - Gy[k2 - nx] * (b2 - T[k2 - nx]) + fk23 - fk12 + extra[k2]);
        E[k3] += r[k3] * (ek3 - ej3 + Gy[k3] * (T[k3 + yp] - b3) - Gy[k3 - nx] * (b3 - T[k3 - nx]) + Gz[k3] * (T[k3 + zp] - b3) - fk23 + extra[k3]);
        const double em0 = Gx[m0] * (d0 - c0), em1 = Gx[m1] * (d1 - c1), em2 = Gx[m2] * (d2 - c2), em3 = Gx[m3] * (d3 - c3);
        const double fm01 = Gz[m0] * (c1 - c0), fm12 = Gz[m1] * (c2 - c1), fm23 = Gz[m2] * (c3 - c2);
        E[m0] += r[m0] * (em0 - ek0 + Gy[m0] * (T[m0 + nx] - c0) - Gy[m0 - ym] * (c0 - T[m0 - ym]) + fm01 - Gz[m0 - zm] * (c0 - T[m0 - zm]) + extra[m0]);
        E[m1] += r[m1] * (em1 - ek1 + Gy[m1] * (T[m1 + nx] - c1) - Gy[m1 - nx] * (c1 - T[m1 - nx]) + fm12 - fm01 + extra[m1]);
        E[m2] += r[m2] * (em2 - ek2 + Gy[m2] * (T[m2 + nx] - c2) - Gy[m2 - nx] * (c2 - T[m2 - nx]) + fm23 - fm12 + extra[m2]);
        E[m3] += r[m3] * (em3 - ek3 + Gy[m3] * (T[m3 + yp] - c3) - Gy[m3 - nx] * (c3 - T[m3 - nx]) + Gz[m3] * (T[m3 + zp] - c3) - fm23 + extra[m3]);
        w0 = em0; w1 = em1; w2 = em2; w3 = em3;
        t0 = d0; t1 = d1; t2 = d2; t3 = d3;
      }
      /* The row's last one to four columns, one at a time (the last one has no east neighbour). */
      for (; i <= last; i++) {
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
