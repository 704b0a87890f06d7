// The default case of PIPE_NETWORK (the create form's, kept equal to the contracts' copy by the
// catalogue parity test): a reservoir and a tank supply a looped district of six junctions over a
// day, in L/s and m, Hazen-Williams, a daily demand pattern. The tank fills at night and helps at
// the morning and evening peaks.

export const EXAMPLE_NETWORK_INP = `[TITLE]
SimForge example network: a reservoir and a tank supply a looped district
Units L/s and m; 24-hour extended period with a daily demand pattern

[JUNCTIONS]
;ID   Elev   Demand   Pattern
 J1   25     0.0
 J2   22     3.0      DAILY
 J3   18     2.5      DAILY
 J4   20     4.0      DAILY
 J5   15     2.0      DAILY
 J6   17     3.5      DAILY

[RESERVOIRS]
;ID   Head
 R1   57

[TANKS]
;ID   Elev   InitLevel   MinLevel   MaxLevel   Diameter   MinVol
 T1   52     3.0         0.5        6.0        12         0

[PIPES]
;ID   Node1   Node2   Length   Diameter   Roughness   MinorLoss   Status
 P1   R1      J1      800      200        120         0           Open
 P2   J1      J2      400      200        120         0           Open
 P3   J2      J3      350      150        120         0           Open
 P4   J1      J4      450      200        120         0           Open
 P5   J4      J5      300      150        120         0           Open
 P6   J3      J5      400      100        120         0           Open
 P7   J2      J6      500      100        120         0           Open
 P8   J5      J6      350      100        120         0           Open
 P9   T1      J4      250      200        120         0           Open

[PATTERNS]
;ID    Multipliers (one per hour from midnight)
 DAILY  0.5  0.4  0.4  0.4  0.5  0.7  1.1  1.5  1.4  1.2  1.1  1.0
 DAILY  1.1  1.0  0.9  0.9  1.0  1.2  1.5  1.6  1.3  1.0  0.8  0.6

[TIMES]
 Duration           24:00
 Hydraulic Timestep 1:00
 Pattern Timestep   1:00
 Report Timestep    1:00
 Start ClockTime    12 am

[OPTIONS]
 Units      LPS
 Headloss   H-W
 Accuracy   0.001
 Trials     40

[COORDINATES]
;Node  X      Y
 R1    0      500
 J1    300    500
 J2    600    650
 J3    900    650
 J4    600    350
 J5    900    350
 J6    1000   500
 T1    600    100

[END]
`;
