package io.trawler.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Text analysis and the topic similarity of seed 003, in English and in Chinese. */
class TopicModelTest {

    @Test
    void analysisStemsEnglishAndBigramsChinese() {
        Map<String, Integer> en = TextAnalysis.termCounts("The Players played; a PLAYER plays.");
        assertEquals(Map.of("player", 2, "plai", 2), en, "stop words gone, lower case, Porter stems");
        Map<String, Integer> zh = TextAnalysis.termCounts("天气预报：明天天气晴");
        assertTrue(zh.containsKey("天气") && zh.get("天气") == 2, "CJK bigrams: " + zh);
        assertTrue(zh.containsKey("预报"), "CJK bigrams: " + zh);
    }

    @Test
    void keywordTopicRanksOnTopicPagesFirst() {
        TopicModel m = TopicModel.of(new Topic(Map.of("football", 2.0, "goal", 1.0, "striker", 1.0), List.of(), 0.1));
        double on = m.similarity("The striker scored a late goal as the football club won the cup final.");
        double off = m.similarity("Shares fell as the central bank raised interest rates again.");
        assertTrue(on > 0.2, "on topic: " + on);
        assertEquals(0, off, 1e-12);
    }

    @Test
    void chineseExamples() {
        TopicModel m = TopicModel.of(new Topic(Map.of(), List.of("今天天气晴朗，气温升高，明天有雨。", "天气预报说周末降温，注意保暖。"), 0.1));
        double weather = m.similarity("气象台发布天气预报：明天降温有雨");
        double stocks = m.similarity("股市今天大涨，投资者信心增强");
        assertTrue(weather > stocks, weather + " vs " + stocks);
        assertTrue(weather > 0.1, "weather page: " + weather);
    }

    @Test
    void topicsWithoutTermsAreRejected() {
        assertFalse(new Topic(Map.of(), List.of(), 0.1).problems().isEmpty());
        assertFalse(new Topic(Map.of("the", 1.0), List.of(), 0.1).problems().isEmpty(), "a stop word only");
        assertFalse(new Topic(Map.of("x", -1.0), List.of(), 0.1).problems().isEmpty());
        assertFalse(new Topic(Map.of("goal", 1.0), List.of(), 1.5).problems().isEmpty());
        assertTrue(new Topic(Map.of("goal", 1.0), null, 0.2).problems().isEmpty());
    }
}
