package io.trawler.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.trawler.testsupport.SharedData;
import io.trawler.testsupport.Warcs;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The validator the crawl tests trust, checked on real WARC files known to be good and known to be bad. */
class WarcValidatorFixturesTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
            "pywb_iana.warc.gz, true",
            "cc_whirlwind.warc.gz, true",
            "jwarc_cc.warc.gz, true",
            "warcio_example.warc.gz, true",
            "warcio_example-iana.org-chunked.warc, false",
            "wac_IAH-urls-wget.warc.gz, false",
    })
    void validates(String file, boolean valid) {
        assertEquals(valid, Warcs.valid(SharedData.path("warc/" + file)));
    }
}
