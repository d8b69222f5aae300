package io.trawler.order;

/**
 * OPIC (seed 002 §3.5, SPEC §2.4): seeds share a cash of 1; a fetched page's cash is split equally over
 * its links and its own drops to 0; most cash first. {@link OpicCash} is the rule in plain Java.
 */
public final class OpicOrder extends WeightOrder {

    public OpicOrder() {
        super(Rescoring.OPIC);
    }

    @Override
    public String name() {
        return "opic";
    }
}
