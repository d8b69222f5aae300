/**
 * URL hashing and node assignment (SPEC §4, seeds 002 and 004), in plain Java: the 21-bit site hash and
 * 15-bit path hash, two-level seen-URL matching, and the ways to assign URLs to m crawler nodes (host
 * hash mod m, a consistent 2^32 ring with virtual nodes and clockwise failover, path hash mod m, and a
 * site partition plan), with their balance measured by {@code io.trawler.partition.BalanceReport} (which compares them with the partition plan).
 */
package io.trawler.hashing;
