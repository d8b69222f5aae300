package io.trawler.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import java.io.IOException;

/**
 * Request bodies are read strictly: a JSON body that names a field twice is refused (400) rather than silently
 * keeping one of the values, and so is a string holding a NUL character (no database stores it), a fraction where an
 * integer is expected and a number where a boolean is.
 */
@Singleton
public class JsonStrictness implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        // a number is the type it is written as: 1.5 is not an integer (once read as 1), -1 is not a boolean (once true)
        mapper.coercionConfigFor(com.fasterxml.jackson.databind.type.LogicalType.Integer)
                .setCoercion(com.fasterxml.jackson.databind.cfg.CoercionInputShape.Float, com.fasterxml.jackson.databind.cfg.CoercionAction.Fail);
        mapper.coercionConfigFor(com.fasterxml.jackson.databind.type.LogicalType.Boolean)
                .setCoercion(com.fasterxml.jackson.databind.cfg.CoercionInputShape.Integer, com.fasterxml.jackson.databind.cfg.CoercionAction.Fail);
        mapper.registerModule(new SimpleModule("trawler-strings").addDeserializer(String.class, new NoNulStrings()));
    }

    /** Strings as Jackson reads them, refusing the NUL character. */
    static final class NoNulStrings extends StringDeserializer {
        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String s = super.deserialize(p, ctxt);
            if (s != null && s.indexOf('\u0000') >= 0) {
                throw com.fasterxml.jackson.databind.exc.InvalidFormatException.from(p, "text must not contain NUL characters", s,
                        String.class);
            }
            return s;
        }
    }
}
