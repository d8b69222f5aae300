package io.trawler.worker;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.trawler.crawl.CrawlSpec;
import io.trawler.order.FocusSettings;
import io.trawler.order.LearningSettings;
import io.trawler.order.Strategies;
import io.trawler.order.Topic;
import io.trawler.parse.UrlRules;
import io.trawler.partition.PartitionPlan;
import io.trawler.partition.PathGroups;
import org.apache.lucene.analysis.tokenattributes.BytesTermAttributeImpl;
import org.apache.lucene.analysis.tokenattributes.CharTermAttributeImpl;
import org.apache.lucene.analysis.tokenattributes.FlagsAttributeImpl;
import org.apache.lucene.analysis.tokenattributes.KeywordAttributeImpl;
import org.apache.lucene.analysis.tokenattributes.OffsetAttributeImpl;
import org.apache.lucene.analysis.tokenattributes.PackedTokenAttributeImpl;
import org.apache.lucene.analysis.tokenattributes.PayloadAttributeImpl;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttributeImpl;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttributeImpl;
import org.apache.lucene.analysis.tokenattributes.SentenceAttributeImpl;
import org.apache.lucene.analysis.tokenattributes.TermFrequencyAttributeImpl;
import org.apache.lucene.analysis.tokenattributes.TypeAttributeImpl;

/**
 * What a native worker reads or builds by reflection, which the native-image analysis cannot see: the crawl spec a
 * worker reads from Redis as JSON (with the records inside it) and the Lucene token attributes its topic model's
 * analyzers create by name (every AttributeImpl of lucene-core: NativeConfigurationTest). The scripts and charsets are in {@code application.properties} ("Native image").
 */
@RegisterForReflection(targets = {CrawlSpec.class, Strategies.Constants.class,
        FocusSettings.class, LearningSettings.class, Topic.class, PartitionPlan.class,
        PartitionPlan.Crawler.class, PathGroups.class, UrlRules.class, UrlRules.QueryOrder.class,
        BytesTermAttributeImpl.class, CharTermAttributeImpl.class, FlagsAttributeImpl.class,
        KeywordAttributeImpl.class, OffsetAttributeImpl.class, PackedTokenAttributeImpl.class, PayloadAttributeImpl.class,
        PositionIncrementAttributeImpl.class, PositionLengthAttributeImpl.class, SentenceAttributeImpl.class, TermFrequencyAttributeImpl.class,
        TypeAttributeImpl.class})
final class NativeReflection {

    private NativeReflection() {
    }
}
