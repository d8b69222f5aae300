/**
 * The update policies, one class each ({@link io.trawler.revisit.UpdatePolicy} beans): Poisson (estimated change
 * rates, seed 001), user experience (views and change impact, seed 003), cluster sampling (rates measured on samples,
 * seed 002). A new policy is a new class here, its test and its line in docs/freshness.md.
 */
package io.trawler.revisit.policy;
